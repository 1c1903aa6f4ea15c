package dev.tpm.results;

/**
 * weighted.csv: the weighted aggregates of one stack under one mix, each with its
 * stratified-bootstrap CI. {@code wEnergyMj} is missing unless every CRUD endpoint has energy.
 *
 * @param rank by w_rps_per_mib, 1 = highest, ties share the lowest rank; 0 = unranked (w_rps_per_mib
 *     missing), an empty cell in weighted.csv
 * @param ratioToBest best w_rps_per_mib / this stack's (&gt;= 1)
 */
public record Weighted(
        String device, String mix, String stack,
        Estimate wRps, Estimate wPeakMib, Estimate wRpsPerMib, Estimate wP99Ms, Estimate wEnergyMj,
        int rank, double ratioToBest) {}
