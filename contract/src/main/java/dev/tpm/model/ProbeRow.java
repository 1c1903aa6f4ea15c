package dev.tpm.model;

import java.util.List;

/**
 * One row of probe.csv (data.md version 6): one test of a probe of the machine, run beside the
 * stacks (servers.md "The machine measured beside the stacks").
 *
 * @param campaign the campaign's folder name
 * @param probeSeq order of the probe rows, from 1, unique within the file
 * @param afterSeq the seq of the last run (any phase) completed before the probe; 0 before the first run
 * @param cpu the CPU the test was pinned to, null when not pinned
 * @param test {@link #CPU} (events per second) or {@link #MEMORY} (MiB per second)
 * @param value the test's result, > 0
 * @param durationS the test's length (s), > 0
 * @param stealS steal of the probe's CPU (of the device when not pinned) during the test (s), NaN when unknown
 * @param startedAt when the test started, ISO-8601 UTC
 */
public record ProbeRow(String campaign, long probeSeq, long afterSeq, Integer cpu, String test, double value, double durationS,
        double stealS, String startedAt) {
    public static final String CPU = "cpu";
    public static final String MEMORY = "memory";
    /** The tests of one probe, in the order they run. */
    public static final List<String> TESTS = List.of(CPU, MEMORY);
}
