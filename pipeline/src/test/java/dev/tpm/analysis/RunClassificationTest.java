package dev.tpm.analysis;

import dev.tpm.model.RunStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.model.Mix;
import dev.tpm.results.Exclusion;
import dev.tpm.results.RunCount;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Run classification and the missing text, on hand-made rows (synthetic). */
class RunClassificationTest {
    private long seq = 1;

    /** An ok run of 1000 requests with {@code errors} socket errors; status and flags as given. */
    private RunRow row(int phase, String stack, String endpoint, boolean warmup, RunStatus status, double errors, String throttled) {
        return new RunRow("c1", "dev", phase, seq++, stack, endpoint, 30, warmup, status, throttled, 1000, errors,
                100, 1, 2, 3, 1024, 2048, Double.NaN, Double.NaN, dev.tpm.model.Campaign.PAPER, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    private List<RunRow> rows() {
        List<RunRow> r = new ArrayList<>();
        r.add(row(1, "a", "delete_item", true, RunStatus.OK, 0, ""));         // warm-up: counted nowhere but its count
        r.add(row(1, "a", "delete_item", false, RunStatus.OK, 0, "0x0"));     // measured
        r.add(row(1, "a", "delete_item", false, RunStatus.OK, 11, ""));       // error rate 0.011 > 0.01
        r.add(row(1, "a", "delete_item", false, RunStatus.OK, 50, "0x4"));    // error_rate first: the order of analysis.md 1
        r.add(row(1, "a", "delete_item", false, RunStatus.FAILED, 0, ""));
        r.add(row(1, "a", "delete_item", false, RunStatus.OK, 0, "0x50005"));
        r.add(row(1, "a", "get_item", false, RunStatus.OK, 10, ""));          // error rate exactly 0.01: measured
        r.add(row(2, "a", "get_item", false, RunStatus.DISCARDED, 0, ""));
        return r;
    }

    @Test
    void countsEachReasonPerCell() {
        RunClassification c = RunClassification.of("dev", rows(), RunRules.withoutSteal(0.01));
        RunClassification.Counts del = c.counts(1, "a", "delete_item");
        assertEquals(1, del.measured());
        assertEquals(1, del.excluded(ExclusionReason.WARMUP));
        assertEquals(2, del.excluded(ExclusionReason.ERROR_RATE));
        assertEquals(1, del.excluded(ExclusionReason.FAILED));
        assertEquals(1, del.excluded(ExclusionReason.THROTTLED));
        assertEquals(6, del.rows());
        assertEquals(5, del.counted());
        assertEquals(1, c.measured("a", "get_item"));
        assertEquals(0, c.measured("b", "get_item"));
        assertEquals(List.of("error_rate", "error_rate", "failed", "throttled", "discarded"),
                c.exclusions().stream().map(Exclusion::reason).toList()); // seq order
        assertEquals(5, c.exclusions().size()); // warm-ups are never listed
        assertEquals(List.of(new RunCount("dev", "a", 1, 7, 1, 2, 1, 0, 2, 1), new RunCount("dev", "a", 2, 1, 0, 0, 0, 1, 0, 0)),
                c.runCounts(String::compareTo));
    }

    @Test
    void shortfallNamesMeasuredOfCountedAndEachReasonInOrder() {
        RunClassification c = RunClassification.of("dev", rows(), RunRules.withoutSteal(0.01));
        assertEquals("delete_item: 1 measured of 5 (1 failed, 2 error_rate, 1 throttled)", c.shortfall("a", "delete_item"));
        assertEquals("get_item: 1 measured of 1", c.shortfall("a", "get_item"));
        assertEquals("put_item: 0 measured of 0", c.shortfall("a", "put_item"));
    }

    @Test
    void missingListsOnlyEndpointsOfPositiveWeightBelowMinN() {
        RunClassification c = RunClassification.of("dev", rows(), RunRules.withoutSteal(0.01));
        Mix all = new Mix("all", Map.of("post_item", 0.2, "get_item", 0.2, "get_list", 0.2, "put_item", 0.2, "delete_item", 0.2));
        assertEquals("post_item: 0 measured of 0; get_item: 1 measured of 1; get_list: 0 measured of 0; put_item: 0 measured of 0;"
                + " delete_item: 1 measured of 5 (1 failed, 2 error_rate, 1 throttled)", WeightedAggregates.missing(all, "a", c, 2));
        Mix reads = new Mix("reads", Map.of("post_item", 0.0, "get_item", 1.0, "get_list", 0.0, "put_item", 0.0, "delete_item", 0.0));
        assertEquals("get_item: 1 measured of 1", WeightedAggregates.missing(reads, "a", c, 2));
        assertEquals("", WeightedAggregates.missing(reads, "a", c, 1)); // one measured run is enough with min_n 1
    }
}
