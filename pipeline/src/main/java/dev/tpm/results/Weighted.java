package dev.tpm.results;

/**
 * weighted.csv: the weighted aggregates of one stack under one mix, each with its
 * stratified-bootstrap CI. Every stack listed in the device's paper campaigns has a row for every
 * mix (analysis.md 4).
 *
 * @param rank by w_rps_per_mib, 1 = highest, ties share the lowest rank; 0 = unranked (w_rps_per_mib
 *     missing), an empty cell in weighted.csv
 * @param ratioToBest best w_rps_per_mib / this stack's (&gt;= 1)
 * @param missing empty, or why every aggregate of the row is empty: per endpoint of positive weight
 *     with fewer than min_n measured runs, e.g. {@code delete_item: 0 measured of 10 (10 error_rate)}
 */
public record Weighted(
        String device, String mix, String stack,
        Estimate wRps, Estimate wPeakMib, Estimate wRpsPerMib, Estimate wP99Ms, Estimate wEnergyMj,
        int rank, double ratioToBest, String missing) {

    /** A row whose aggregates are not empty for lack of runs. */
    public Weighted(String device, String mix, String stack, Estimate wRps, Estimate wPeakMib, Estimate wRpsPerMib,
            Estimate wP99Ms, Estimate wEnergyMj, int rank, double ratioToBest) {
        this(device, mix, stack, wRps, wPeakMib, wRpsPerMib, wP99Ms, wEnergyMj, rank, ratioToBest, "");
    }

    /** True when the row's aggregates are empty because an endpoint lacks runs ({@link #missing} says which). */
    public boolean isMissing() {
        return !missing.isEmpty();
    }
}
