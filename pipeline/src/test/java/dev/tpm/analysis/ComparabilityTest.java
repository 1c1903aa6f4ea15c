package dev.tpm.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.PublishedValue;
import dev.tpm.model.SourceSetup;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.GroupStat;
import dev.tpm.testing.Campaigns;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Comparability (analysis.md 7, version 4) on SYNTHETIC campaigns: each factor equal and not. */
class ComparabilityTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SourceSetup PAPER = new SourceSetup("paper", "Raspberry Pi 5 Model B", "aarch64", 4L, "separate", 16384L,
            100000L, 50L, List.of("go", "rust"));

    private static Campaign campaign(String id, String model, String arch, Integer pageSize, String serverCpus, String host,
            Long seedRowsDelete) {
        Device d = Device.of("pi", model, null, 4, null, arch, null, null, null, null, null, null, pageSize, "pmic");
        ObjectNode protocol = JSON.createObjectNode();
        if (serverCpus != null) protocol.put("server_cpus", serverCpus);
        if (seedRowsDelete != null) protocol.put("seed_rows_delete", seedRowsDelete);
        ObjectNode lg = JSON.createObjectNode();
        if (host != null) lg.put("host", host);
        return Campaigns.of(id, d, lg, protocol, List.of(), JSON.createObjectNode());
    }

    /** A device whose stacks go and rust have n phase-1 runs on every CRUD endpoint (group_stats' rps rows). */
    private static DeviceResults device(int n, List<String> stacks) {
        List<GroupStat> g = new ArrayList<>();
        for (String s : stacks) {
            for (String e : dev.tpm.model.Endpoints.CRUD) {
                g.add(new GroupStat("pi", s, e, "rps", n, 1, 1, 0, 1, 1, 1, 1, Double.NaN, Double.NaN, false));
            }
        }
        return DeviceResults.builder(campaign("c", null, null, null, null, null, null).device()).groupStats(g).build();
    }

    private static Comparability.Verdict verdict(List<Campaign> campaigns, DeviceResults d, String category, String metric) {
        Set<String> ids = Set.copyOf(campaigns.stream().map(Campaign::id).toList());
        Comparability c = new Comparability(List.of(PAPER), Map.of("pi", campaigns), Map.of(1, ids, 2, Set.of()),
                Comparator.comparingInt(List.of("go", "rust", "node")::indexOf));
        return c.of(d, new PublishedValue("paper", "T", "go", metric, 1, "", "", category));
    }

    @Test
    void aPiOfTheSourcesSetupIsComparableAndAModelThatAddsARevisionIsTheSame() {
        Campaign pi = campaign("c1", "Raspberry Pi 5 Model B Rev 1.0", "aarch64", 16384, "0-3", "separate", 100000L);
        DeviceResults d = device(50, List.of("rust", "go"));
        for (String category : PublishedValue.CATEGORIES) {
            assertEquals(Comparability.Verdict.YES, verdict(List.of(pi), d, category, "w_rps"), category);
        }
    }

    @Test
    void eachFactorThatDiffersIsNamedWithBothValuesInTheTablesOrder() {
        Campaign vm = campaign("c1", "x86_64 VM", "x86_64", 4096, "1", "same", 328000L);
        DeviceResults d = device(10, List.of("go", "rust", "node"));
        assertEquals("model: x86_64 VM vs Raspberry Pi 5 Model B; arch: x86_64 vs aarch64; server_cores: 1 vs 4;"
                + " load_generator_host: same vs separate; page_size: 4096 vs 16384",
                verdict(List.of(vm), d, "efficiency", "w_rps_per_mib").differs());
        assertEquals("arch: x86_64 vs aarch64; page_size: 4096 vs 16384", verdict(List.of(vm), d, "memory", "w_peak_mib").differs());
        assertEquals("model: x86_64 VM vs Raspberry Pi 5 Model B; arch: x86_64 vs aarch64; server_cores: 1 vs 4;"
                + " load_generator_host: same vs separate; seed_rows_delete: 328000 vs 100000",
                verdict(List.of(vm), d, "delete", "lat_p99_ms:delete_item").differs());
        assertEquals("runs: 10 vs 50; stacks: go,rust,node vs go,rust", verdict(List.of(vm), d, "tests", "posthoc_significant").differs());
    }

    @Test
    void anUnpinnedServerHasTheDevicesCoresAndFactorsNotRecordedOrMixedDiffer() {
        Campaign a = campaign("c1", "Raspberry Pi 5 Model B", "aarch64", null, null, "separate", 100000L);
        Campaign b = campaign("c2", "Raspberry Pi 5 Model B", "aarch64", 16384, "0-3", "same", 100000L);
        DeviceResults d = device(50, List.of("go", "rust"));
        // unpinned: device.cores = 4, as the source's
        assertEquals(Comparability.Verdict.YES, verdict(List.of(a), d, "throughput", "w_rps"));
        assertEquals("page_size: unknown vs 16384", verdict(List.of(a), d, "memory", "w_peak_mib").differs());
        assertEquals("load_generator_host: mixed vs separate", verdict(List.of(a, b), d, "latency", "w_p99_ms").differs());
        // a sweep value: no campaign of the device holds phase-2 rows, every factor unknown
        assertEquals("model: unknown vs Raspberry Pi 5 Model B; arch: unknown vs aarch64; server_cores: unknown vs 4;"
                + " load_generator_host: unknown vs separate", verdict(List.of(a), d, "throughput", "rps_c240").differs());
    }

    @Test
    void noCategoryNoListedSourceOrNoSetupNeverMakesARowIncomparable() {
        Campaign vm = campaign("c1", "x86_64 VM", "x86_64", 4096, "1", "same", 328000L);
        DeviceResults d = device(10, List.of("go"));
        assertEquals(Comparability.Verdict.YES, verdict(List.of(vm), d, "", "w_rps"));
        Comparability none = new Comparability(List.of(), Map.of("pi", List.of(vm)), Map.of(1, Set.of("c1")), Comparator.naturalOrder());
        assertEquals(Comparability.Verdict.YES, none.of(d, new PublishedValue("paper", "T", "go", "w_rps", 1, "", "", "throughput")));
        Comparability other = new Comparability(List.of(PAPER), Map.of("pi", List.of(vm)), Map.of(1, Set.of("c1")),
                Comparator.naturalOrder());
        assertEquals(Comparability.Verdict.YES, other.of(d, new PublishedValue("blog", "T", "go", "w_rps", 1, "", "", "throughput")));
    }

    @Test
    void aSeedStudysRowIsJudgedOnTheStudysCampaignsOfItsPhase() {
        SourceSetup blog = new SourceSetup("blog", null, "x86_64", 2L, "same", null, null, 5L, null);
        Campaign wrk = campaign("h1", "x86_64 VM", "x86_64", 4096, "0-1", "same", null);
        Campaign series = campaign("h2", "x86_64 VM", "x86_64", 4096, "0-1", "separate", null);
        Comparability c = new Comparability(List.of(blog), Map.of(), Map.of(1, Set.of("h1"), 3, Set.of("h2")),
                Comparator.naturalOrder());
        // phase 1's campaign is the source's setup; the memory checkpoint comes from phase 3's, whose wrk ran elsewhere
        assertEquals(Comparability.Verdict.YES,
                c.ofStudy(List.of(wrk, series), new PublishedValue("blog", "T", "go", "rps_median_c10", 1, "", "", "throughput")));
        assertEquals("load_generator_host: separate vs same",
                c.ofStudy(List.of(wrk, series), new PublishedValue("blog", "T", "go", "rss_mib_t60", 1, "", "", "throughput")).differs());
        // the paper's post-hoc family is not a seed study's: its runs are unknown
        assertEquals("runs: unknown vs 5",
                c.ofStudy(List.of(wrk), new PublishedValue("blog", "T", "go", "posthoc_significant", 1, "", "", "tests")).differs());
        // no campaign of the study measured the phase: every stated factor unknown
        assertEquals("arch: unknown vs x86_64; server_cores: unknown vs 2; load_generator_host: unknown vs same",
                c.ofStudy(List.of(series), new PublishedValue("blog", "T", "go", "lat_p99_ms_c10", 1, "", "", "latency")).differs());
    }
}
