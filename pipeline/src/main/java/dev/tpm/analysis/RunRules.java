package dev.tpm.analysis;

import dev.tpm.model.AnalysisConfig;

/**
 * The parameters of analysis.md 1 that decide whether a run counts: max_error_rate and, from
 * version 5, max_steal_share (NaN when analysis.json sets it to null: the steal rule is off).
 */
record RunRules(double maxErrorRate, double maxStealShare) {

    static RunRules of(AnalysisConfig cfg) {
        return new RunRules(cfg.maxErrorRate(), cfg.maxStealShare() == null ? Double.NaN : cfg.maxStealShare());
    }

    /** The rules of analysis.md before version 5: no steal rule. */
    static RunRules withoutSteal(double maxErrorRate) {
        return new RunRules(maxErrorRate, Double.NaN);
    }

    /** Null when the run is measured; otherwise the first reason that applies (analysis.md 1). */
    ExclusionReason reason(RunRow r) {
        return RunFilter.reason(r, maxErrorRate, maxStealShare);
    }

    boolean measured(RunRow r) {
        return reason(r) == null;
    }
}
