package dev.tpm.analysis;

import dev.tpm.codec.CsvText;
import dev.tpm.codec.Num;
import dev.tpm.output.Outputs;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.GroupStat;
import dev.tpm.results.Results;
import dev.tpm.results.Unit;
import dev.tpm.results.WarmCold;
import java.util.List;

/**
 * units.csv (outputs.md v5), steady_stats.csv and warm_cold.csv (v4; analysis.md 11 and 12), columns in
 * outputs.md's order. units.csv is always written, as its header alone when no model has two units;
 * the two phase-5 files only when some paper campaign has measured phase-5 runs, otherwise the
 * run says so in one line each ({@link #skips}).
 */
public final class V4Csvs {
    public static final List<String> UNITS = List.of("model", "mix", "metric", "stack", "hardware", "units", "gmean", "min", "max",
            "spread", "lo", "hi", "best", "ratio", "ratio_lo", "ratio_hi", "tied", "missing", "probe_spread");
    public static final List<String> STEADY_STATS = TidyCsvs.GROUP_STATS;
    public static final List<String> WARM_COLD = List.of("device", "stack", "endpoint", "cold_rps", "warm_rps", "warm_over_cold",
            "warm_over_cold_lo", "warm_over_cold_hi", "cold_p99_ms", "warm_p99_ms", "p99_warm_over_cold", "p99_warm_over_cold_lo",
            "p99_warm_over_cold_hi");

    /** Why the phase-5 artifacts are absent, in the line of each. */
    public static final String NO_STEADY = "no measured phase-5 runs (steady state) in any paper campaign";

    private V4Csvs() {}

    /** Whether any device has measured phase-5 runs: the condition for every phase-5 artifact. */
    public static boolean anySteady(Results r) {
        return r.devices().stream().anyMatch(d -> !d.steadyStats().isEmpty());
    }

    /**
     * Without phase 5, one line each for its files, table and figure; with it, one line for each
     * device that has no (stack, endpoint) in both phases.
     */
    public static void skips(Results r, Outputs out) {
        if (!anySteady(r)) {
            out.skip("tables/steady_stats.csv", NO_STEADY);
            out.skip("tables/warm_cold.csv", NO_STEADY);
            out.skip("tables/warm_cold (table)", NO_STEADY);
            out.skip("figures/warm_cold.png/.svg", NO_STEADY);
            return;
        }
        for (DeviceResults d : r.devices()) {
            if (d.warmCold().isEmpty()) {
                out.skip("the warm_cold table and figure of device " + d.id(),
                        "no (stack, endpoint) with measured runs in both phase 1 and phase 5");
            }
        }
    }

    /** tied is empty where the ratio has no interval. */
    public static CsvText units(Results r) {
        CsvText csv = new CsvText(UNITS);
        for (Unit u : r.units()) {
            csv.row(u.model(), u.mix(), u.metric(), u.stack(), u.hardware(), Num.csv(u.units()), Num.csv(u.gmean()), Num.csv(u.min()),
                    Num.csv(u.max()), Num.csv(u.spread()), Num.csv(u.lo()), Num.csv(u.hi()), u.best(), Num.csv(u.ratio()),
                    Num.csv(u.ratioLo()), Num.csv(u.ratioHi()), u.tied() == null ? "" : Num.csv(u.tied()), u.missing(),
                    Num.csv(u.probeSpread()));
        }
        return csv;
    }

    public static CsvText steadyStats(Results r) {
        CsvText csv = new CsvText(STEADY_STATS);
        for (DeviceResults d : r.devices()) {
            for (GroupStat g : d.steadyStats()) {
                csv.row(g.device(), g.stack(), g.endpoint(), g.metric(), Num.csv(g.n()), Num.csv(g.median()), Num.csv(g.mean()),
                        Num.csv(g.sd()), Num.csv(g.q1()), Num.csv(g.q3()), Num.csv(g.min()), Num.csv(g.max()), Num.csv(g.ciLow()),
                        Num.csv(g.ciHigh()), Num.csv(g.smallN()), Num.csv(g.ciCoverage()));
            }
        }
        return csv;
    }

    public static CsvText warmCold(Results r) {
        CsvText csv = new CsvText(WARM_COLD);
        for (DeviceResults d : r.devices()) {
            for (WarmCold w : d.warmCold()) {
                csv.row(w.device(), w.stack(), w.endpoint(), Num.csv(w.coldRps()), Num.csv(w.warmRps()), Num.csv(w.warmOverCold()),
                        Num.csv(w.warmOverColdLo()), Num.csv(w.warmOverColdHi()), Num.csv(w.coldP99Ms()), Num.csv(w.warmP99Ms()),
                        Num.csv(w.p99WarmOverCold()), Num.csv(w.p99WarmOverColdLo()), Num.csv(w.p99WarmOverColdHi()));
            }
        }
        return csv;
    }
}
