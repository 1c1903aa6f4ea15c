package dev.tpm.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.Device;
import dev.tpm.model.PublishedValue;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.ReplicationTau;
import dev.tpm.results.StackPooled;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** analysis.md 7 (version 5): Kendall's tau-b of a replication order from five stacks; with fewer, the order alone. */
class ReplicationTauFloorTest {
    private static final List<String> STACKS = List.of("go", "rust", "python", "node", "java");

    /** A device whose idle RSS of the first n stacks is published x (1 + i / 10), so both orders agree. */
    private static ReplicationTau tau(int n) {
        List<String> stacks = STACKS.subList(0, n);
        List<StackPooled> pooled = new ArrayList<>();
        List<PublishedValue> published = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double pub = 10.0 * (i + 1);
            pooled.add(new StackPooled("d", stacks.get(i), 20, new Estimate(pub * 1.1, pub, pub * 1.2), Estimate.MISSING, 1.0));
            published.add(new PublishedValue("paper", "Table 9", stacks.get(i), "idle_rss_mib", pub, "MB", "", "memory"));
        }
        Device device = Device.of("d", "vm", null, 2, null, null, null, null, null, null, null, null, null, "none");
        DeviceResults d = DeviceResults.builder(device).stacks(stacks).stackPooled(pooled).build();
        List<ReplicationTau> taus = Replications.taus(List.of(d), published);
        assertEquals(1, taus.size(), taus.toString());
        return taus.get(0);
    }

    @Test
    void fourStacksGiveTheOrderAndNoTau() {
        ReplicationTau t = tau(4);
        assertEquals(4, t.stacks());
        assertFalse(t.hasTau());
        assertTrue(Double.isNaN(t.kendallTau()) && Double.isNaN(t.p()));
        assertEquals(List.of("go", "rust", "python", "node"), t.publishedOrder());
        assertEquals(t.publishedOrder(), t.measuredOrder());
    }

    @Test
    void fiveStacksGiveTauWithItsExactP() {
        ReplicationTau t = tau(5);
        assertTrue(t.hasTau());
        assertEquals(1.0, t.kendallTau(), 1e-12);
        // the same order: scipy's exact p = 2 / 5! for tau = 1 over five
        assertEquals(2.0 / 120, t.p(), 1e-12);
    }

    @Test
    void theFloorIsAnalysisMdsFive() {
        assertEquals(5, ReplicationTau.MIN_STACKS_FOR_TAU);
    }
}
