package dev.tpm.results;

import java.util.List;

/**
 * The stability diagnostics of one device (analysis.md 9): does a group's throughput drift with
 * the order in which the runs were taken? The bootstrap CIs assume a group's runs are exchangeable.
 *
 * @param tests drift.csv's rows: every group of at least min_n runs, stacks in stack order, then
 *     endpoints in data.md's order
 * @param runs every group with measured phase-1 runs (tested or not), in the same order
 * @param measuredRuns how many measured phase-1 runs the device has: positions run from 1 to it
 */
public record Drift(List<DriftTest> tests, List<DriftRuns> runs, int measuredRuns) {
    public static final Drift NONE = new Drift(List.of(), List.of(), 0);

    public Drift {
        tests = List.copyOf(tests);
        runs = List.copyOf(runs);
    }

    /** The drifting groups, in drift.csv's order. */
    public List<DriftTest> drifting() {
        return tests.stream().filter(DriftTest::drifting).toList();
    }
}
