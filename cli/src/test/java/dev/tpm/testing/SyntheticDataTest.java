package dev.tpm.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.ingest.Ingest;
import dev.tpm.ingest.Dataset;
import dev.tpm.model.RunRecord;
import dev.tpm.model.RunRow;
import dev.tpm.model.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SyntheticDataTest {
    @TempDir
    Path tmp;

    /** The example data folder of the test resources (make example-data). */
    static final Path EXAMPLE = Path.of("pipeline/src/test/resources/synthetic-example");

    /** The committed synthetic campaign is exactly what the seeded generator writes. */
    @Test
    void reproducesTheCommittedCampaignByteForByte() throws Exception {
        Path committed = EXAMPLE.resolve("raw").resolve(SyntheticData.CAMPAIGN);
        assertTrue(Files.isDirectory(committed), committed + " is missing");
        SyntheticData.writeAll(tmp);
        Fixtures.snapshot(tmp.resolve("raw").resolve(SyntheticData.CAMPAIGN)).assertSameAs(Fixtures.snapshot(committed));
    }

    /** The example folder is a complete data folder: its manifest matches and make paper runs on it. */
    @Test
    void exampleFolderIsACompleteDataFolder() {
        assertEquals(0, dev.tpm.cli.Main.commandLine().execute("verify", "--data", EXAMPLE.toString()));
    }

    @Test
    void followsTheDataContractAndCoversEveryExclusionReason() throws Exception {
        SyntheticData.writeAll(tmp);
        Dataset d = Ingest.read(tmp, w -> { throw new AssertionError("unexpected warning " + w); });
        assertEquals(List.of("go", "rust", "python", "node", "dotnet"),
                d.campaigns().get(0).stacks().stream().map(s -> s.id()).toList());
        assertTrue(d.campaigns().get(0).device().model().startsWith("synthetic"));
        assertEquals(List.of("illustrative", "read-heavy", "uniform", "write-heavy"),
                d.mixes().stream().map(m -> m.name()).toList());
        List<RunRow> p1 = d.phase1().stream().map(RunRecord::row).toList();
        // 5 stacks x 6 endpoints x (1 warm-up + 12 measured) + 4 extra runs
        assertEquals(5 * 6 * 13 + 4, p1.size());
        assertEquals(Set.of(RunStatus.OK, RunStatus.FAILED, RunStatus.DISCARDED),
                new TreeSet<>(p1.stream().map(RunRow::status).toList()));
        int errorRate = 0, throttledOk = 0;
        for (RunRow r : p1) {
            if (!r.ok()) continue;
            long req = r.requests();
            long errors = r.errorsTimeout() + r.non2xx() + r.errorsRead();
            if (errors > 0.01 * req) errorRate++;
            if (r.throttled().equals("0x4")) throttledOk++;
        }
        assertEquals(1, errorRate);
        assertEquals(1, throttledOk);
        assertEquals(100, d.phase2().size());
        assertEquals(10, d.phase3().size());
        assertTrue(d.phase3().stream().allMatch(s -> s.samples() == 100));
        // paper-shaped: Rust's peak RSS near 7 MiB, Python's near 236 MiB
        double rustPeakMib = medianPeakRssKib(p1, "rust") / 1024;
        double pythonPeakMib = medianPeakRssKib(p1, "python") / 1024;
        assertTrue(rustPeakMib > 6.5 && rustPeakMib < 8.5, "rust " + rustPeakMib);
        assertTrue(pythonPeakMib > 220 && pythonPeakMib < 250, "python " + pythonPeakMib);
    }

    private static double medianPeakRssKib(List<RunRow> rows, String stack) {
        double[] v = rows.stream().filter(r -> r.stack().equals(stack) && r.peakRssKib() != null)
                .mapToDouble(RunRow::peakRssKib).toArray();
        return new org.apache.commons.math3.stat.descriptive.rank.Median().evaluate(v);
    }
}
