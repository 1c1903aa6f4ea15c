package dev.tpm.results;

/**
 * steal_sensitivity.csv (analysis.md 4, version 5): what the steal rule moved in one (device, mix,
 * stack)'s weighted aggregates. Point values only; NaN where empty.
 *
 * @param wRps weighted.csv's w_rps (the runs excluded for steal left out)
 * @param wRpsAll the same with the phase-1 runs excluded for steal counted as measured
 * @param wRpsPerMib weighted.csv's w_rps_per_mib
 * @param wRpsPerMibAll the same with those runs counted
 * @param change wRpsPerMib / wRpsPerMibAll; NaN when either is
 * @param missing why the value with the rule is empty (weighted.csv's {@code missing}); not a column
 * @param missingAll why the value with those runs counted is empty; not a column
 */
public record StealSensitivity(String device, String mix, String stack, double wRps, double wRpsAll, double wRpsPerMib,
        double wRpsPerMibAll, double change, String missing, String missingAll) {}
