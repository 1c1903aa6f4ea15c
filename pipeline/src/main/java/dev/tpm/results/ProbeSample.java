package dev.tpm.results;

import dev.tpm.model.ProbeRow;

/**
 * One test of a probe of a device's machine (probe.csv, data.md version 6), with its time in the
 * session: seconds from the campaign's first started_at (of a run or a probe) to the test's.
 *
 * @param tS NaN where a started_at does not parse
 */
public record ProbeSample(String device, ProbeRow row, double tS) {}
