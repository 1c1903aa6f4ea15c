package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.ingest.Dataset;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.model.StackInfo;
import dev.tpm.results.Results;
import dev.tpm.testing.Campaigns;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class StartupTableTest {
    @Test
    void startupMedianWithCiAndArtifactSizePerStack() {
        Results r = ResultsFixture.full();
        ParsedMarkdown md = ParsedMarkdown.of(new StartupTable().build(r, r.devices().get(0)));
        assertEquals(List.of("stack", "n", "startup (ms), median [95% CI]", "artifact (MiB)", "with runtime (MiB)"),
                md.header());
        // go's CI ends at 11.45, whose double is 11.4499999...: rounding the exact binary value gives 11.4
        // (as C's printf, numpy and R do); no campaign recorded runtime sizes: n/a
        assertEquals(List.of(List.of("go", "250", "11.2 [11.0, 11.4]", "8.75", "n/a"),
                List.of("rust", "250", "11.0 [11.0, 11.1]", "3.27", "n/a"),
                List.of("python", "250", "480.0 [470.0, 490.0]", "45.60", "n/a")), md.rows());
    }

    @Test
    void theSizeWithRuntimeAddsRuntimeBytesAndANativeBinaryWithoutOneCountsItsArtifactAlone() {
        String device = ResultsFixture.DEVICE;
        // the device's first paper campaign (by id) is the one read; a later one with other sizes is not
        Campaign v4 = Campaigns.of("2026-12-03-a", ResultsFixture.device(device, "none"), null, null, List.of(
                stack("go", 10L * 1048576, null), stack("python", 3L * 1048576, 297L * 1048576)), null);
        Campaign later = Campaigns.of("2026-12-04-a", ResultsFixture.device(device, "none"), null, null, List.of(
                stack("go", 1L, 1L), stack("python", 1L, 1L)), null);
        Campaign v3 = Campaigns.of("2026-12-01-b", ResultsFixture.device("other", "none"), null, null, List.of(
                stack("go", 10L * 1048576, null)), null);
        Results r = ResultsFixture.full();
        Dataset ds = new Dataset(Path.of("data"), AnalysisConfig.defaults(), ResultsFixture.mixes(), List.of(later, v4, v3),
                List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
        Results withCampaigns = new Results(dev.tpm.testing.TestFacts.of(ds), r.verification(), r.stackOrder(), r.devices(),
                r.replication(), r.replicationTau());
        assertEquals(10.0, withCampaigns.facts().withRuntimeMib(device, "go"), 1e-12);
        assertEquals(300.0, withCampaigns.facts().withRuntimeMib(device, "python"), 1e-12);
        assertTrue(Double.isNaN(withCampaigns.facts().withRuntimeMib(device, "rust")), "a stack the device never listed");
        assertTrue(Double.isNaN(withCampaigns.facts().withRuntimeMib("other", "go")),
                "a campaign without any runtime_bytes was recorded before version 4");
    }

    private static StackInfo stack(String id, Long artifact, Long runtime) {
        return new StackInfo(id, "x", "y", artifact, 1, null, null, runtime, null, java.util.Map.of());
    }
}
