package dev.tpm.analysis;

import dev.tpm.results.Metric;
import dev.tpm.codec.CsvText;
import dev.tpm.codec.Num;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.DriftTest;
import dev.tpm.results.Estimate;
import dev.tpm.results.Exclusion;
import dev.tpm.results.GroupStat;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.MemoryCheckpoint;
import dev.tpm.results.MemorySummary;
import dev.tpm.results.Omnibus;
import dev.tpm.results.Posthoc;
import dev.tpm.results.PosthocSummary;
import dev.tpm.results.Ratio;
import dev.tpm.results.Replication;
import dev.tpm.results.Results;
import dev.tpm.results.Sensitivity;
import dev.tpm.results.Session;
import dev.tpm.results.StackPooled;
import dev.tpm.results.SweepPoint;
import dev.tpm.results.SweepSummary;
import dev.tpm.results.Weighted;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The machine-readable tables of outputs.md: one method per file, columns exactly in outputs.md's
 * order, rows in the order the Results lists already hold (devices in id order, then each file's
 * key columns). Numbers go through {@link Num}. A file whose data is absent is written with its
 * header only.
 */
public final class TidyCsvs {
    public static final List<String> GROUP_STATS = List.of("device", "stack", "endpoint", "metric",
            "n", "median", "mean", "sd", "q1", "q3", "min", "max", "ci_low", "ci_high", "small_n", "ci_coverage");
    public static final List<String> OMNIBUS = List.of("device", "endpoint", "metric", "k", "n", "h", "df", "p", "epsilon_sq");
    public static final List<String> POSTHOC = List.of("device", "endpoint", "metric", "stack_a", "stack_b",
            "n_a", "n_b", "u", "p_mwu", "p_method", "t", "df", "p_welch", "cohens_d", "hedges_g", "cliffs_delta", "p_holm", "significant");
    public static final List<String> POSTHOC_SUMMARY = List.of("device", "comparisons", "significant", "large_effect",
            "large_and_significant", "holm_threshold", "min_attainable_p");
    /** weighted.csv: each weighted metric (analysis.md 4's order) with its CI's _lo and _hi. */
    public static final List<String> WEIGHTED = java.util.stream.Stream.of(List.of("device", "mix", "stack"),
            Metric.withRole(Metric.Role.WEIGHTED).stream().flatMap(m -> java.util.stream.Stream.of(m.id(), m.id() + "_lo", m.id() + "_hi")).toList(),
            List.of("rank", "ratio_to_best", "missing")).flatMap(List::stream).toList();
    public static final List<String> SENSITIVITY = List.of("device", "mix", "kendall_tau", "p");
    public static final List<String> RATIOS = List.of("device", "mix", "metric", "stack", "best", "value", "ratio", "ratio_lo",
            "ratio_hi", "tied");
    public static final List<String> STACK_POOLED = List.of("device", "stack", "n", "idle_rss_mib", "idle_rss_mib_lo",
            "idle_rss_mib_hi", "startup_ms", "startup_ms_lo", "startup_ms_hi", "artifact_mib", "idle_rss_mib_ci_coverage",
            "startup_ms_ci_coverage");
    public static final List<String> SWEEP = List.of("device", "stack", "concurrency", "n", "rps", "rps_lo", "rps_hi",
            "p99_ms", "p99_ms_lo", "p99_ms_hi", "peak_rss_mib");
    public static final List<String> SWEEP_SUMMARY = List.of("device", "stack", "peak_rps", "peak_concurrency",
            "plateau_concurrency");
    public static final List<String> MEMORY = List.of("device", "stack", "series", "samples", "duration_s", "first_mib",
            "min_mib", "max_mib", "last_mib", "growth_mib", "steady_growth_mib", "drops", "slope_mib_per_s");
    public static final List<String> MEMORY_CHECKPOINTS = List.of("device", "stack", "t_s", "series", "mib");
    public static final List<String> LOADGEN_SUMMARY = java.util.stream.Stream.of(
                    java.util.stream.Stream.of("device", "study", "phase", "stack", "endpoint", "concurrency", "n"),
                    java.util.Arrays.stream(LoadgenSummary.Column.values()).map(LoadgenSummary.Column::id),
                    java.util.stream.Stream.of("host_busy", "saturated_runs"))
            .flatMap(s -> s).toList();
    public static final List<String> DRIFT = List.of("device", "stack", "endpoint", "n", "rho", "p", "p_holm", "drifting");
    public static final List<String> EXCLUSIONS = List.of("device", "campaign", "phase", "seq", "stack", "endpoint", "reason");
    public static final List<String> REPLICATION = List.of("device", "table", "stack", "metric", "published", "measured", "ratio",
            "comparable", "differs");
    public static final List<String> SESSIONS = List.of("device", "campaign", "study", "n", "rho", "p", "p_holm", "drifting",
            "steal_share", "steal_max", "steal_excluded", "probe_cpu", "probe_memory", "probe_drift", "machine_drifted");

    public static final List<String> STEAL_SENSITIVITY = List.of("device", "mix", "stack", Metric.W_RPS.id(),
            Metric.W_RPS.id() + "_all", Metric.W_RPS_PER_MIB.id(), Metric.W_RPS_PER_MIB.id() + "_all", "change");

    /**
     * probe.csv (outputs.md version 6): "probe.csv's rows as collected, one file for every device",
     * so the rows of every counted campaign of every study (as sessions.csv has them), not only
     * the paper campaigns' that the per-device probe table and figure show; device, then campaign,
     * then probe_seq.
     */
    public static final List<String> PROBE = List.of("device", "campaign", "probe_seq", "after_seq", "cpu", "test", "value",
            "duration_s", "steal_s", "started_at");

    private TidyCsvs() {}

    /** Whether any counted campaign has a probe (probe.csv is written only then). */
    public static boolean anyProbe(Results r) {
        return r.sessions().stream().anyMatch(s -> !s.probe().rows().isEmpty());
    }

    public static CsvText probe(Results r) {
        CsvText csv = new CsvText(PROBE);
        for (dev.tpm.results.Session s : r.sessions()) {
            for (dev.tpm.model.ProbeRow p : s.probe().rows()) {
                csv.row(s.device(), p.campaign(), Num.csv(p.probeSeq()), Num.csv(p.afterSeq()), p.cpu() == null ? "" : Num.csv(p.cpu()),
                        p.test(), Num.csv(p.value()), Num.csv(p.durationS()), Num.csv(p.stealS()), p.startedAt());
            }
        }
        return csv;
    }

    /** steal_sensitivity.csv (analysis.md 4, version 5): rows only for devices with a phase-1 run excluded for steal. */
    public static CsvText stealSensitivity(Results r) {
        return table(r, STEAL_SENSITIVITY, DeviceResults::stealSensitivity, (dev.tpm.results.StealSensitivity s) -> List.of(
                s.device(), s.mix(), s.stack(), Num.csv(s.wRps()), Num.csv(s.wRpsAll()), Num.csv(s.wRpsPerMib()),
                Num.csv(s.wRpsPerMibAll()), Num.csv(s.change())));
    }

    public static CsvText groupStats(Results r) {
        return table(r, GROUP_STATS, DeviceResults::groupStats, (GroupStat g) -> List.of(g.device(), g.stack(), g.endpoint(),
                g.metric(), Num.csv(g.n()), Num.csv(g.median()), Num.csv(g.mean()), Num.csv(g.sd()), Num.csv(g.q1()),
                Num.csv(g.q3()), Num.csv(g.min()), Num.csv(g.max()), Num.csv(g.ciLow()), Num.csv(g.ciHigh()), Num.csv(g.smallN()),
                Num.csv(g.ciCoverage())));
    }

    public static CsvText omnibus(Results r) {
        return table(r, OMNIBUS, DeviceResults::omnibus, (Omnibus o) -> List.of(o.device(), o.endpoint(), o.metric(),
                Num.csv(o.k()), Num.csv(o.n()), Num.csv(o.h()), Num.csv(o.df()), Num.csv(o.p()), Num.csv(o.epsilonSq())));
    }

    public static CsvText posthoc(Results r) {
        return table(r, POSTHOC, DeviceResults::posthoc, (Posthoc p) -> List.of(p.device(), p.endpoint(), p.metric(),
                p.stackA(), p.stackB(), Num.csv(p.nA()), Num.csv(p.nB()), Num.csv(p.u()), Num.csv(p.pMwu()), p.pMethod(), Num.csv(p.t()),
                Num.csv(p.df()), Num.csv(p.pWelch()), Num.csv(p.cohensD()), Num.csv(p.hedgesG()), Num.csv(p.cliffsDelta()),
                Num.csv(p.pHolm()), Num.csv(p.significant())));
    }

    public static CsvText posthocSummary(Results r) {
        return table(r, POSTHOC_SUMMARY, d -> List.of(d.posthocSummary()), (PosthocSummary s) -> List.of(s.device(),
                Num.csv(s.comparisons()), Num.csv(s.significant()), Num.csv(s.largeEffect()), Num.csv(s.largeAndSignificant()),
                Num.csv(s.holmThreshold()), Num.csv(s.minAttainableP())));
    }

    /** rank 0 (no w_rps_per_mib to rank by) is written as an empty cell. */
    public static CsvText weighted(Results r) {
        return table(r, WEIGHTED, DeviceResults::weighted, (Weighted w) -> {
            List<String> row = new ArrayList<>(List.of(w.device(), w.mix(), w.stack()));
            for (Estimate e : List.of(w.wRps(), w.wPeakMib(), w.wRpsPerMib(), w.wP99Ms(), w.wEnergyMj())) addEstimate(row, e);
            row.add(w.rank() > 0 ? Num.csv(w.rank()) : "");
            row.add(Num.csv(w.ratioToBest()));
            row.add(w.missing());
            return row;
        });
    }

    public static CsvText sensitivity(Results r) {
        return table(r, SENSITIVITY, DeviceResults::sensitivity, (Sensitivity s) -> List.of(s.device(), s.mix(),
                Num.csv(s.kendallTau()), Num.csv(s.p())));
    }

    /** tied is empty where the ratio has no interval (a value without replicates). */
    public static CsvText ratios(Results r) {
        return table(r, RATIOS, DeviceResults::ratios, (Ratio x) -> List.of(x.device(), x.mix(), x.metric(), x.stack(), x.best(),
                Num.csv(x.value()), Num.csv(x.ratio()), Num.csv(x.ratioLo()), Num.csv(x.ratioHi()),
                x.tied() == null ? "" : Num.csv(x.tied())));
    }

    public static CsvText stackPooled(Results r) {
        return table(r, STACK_POOLED, DeviceResults::stackPooled, (StackPooled p) -> {
            List<String> row = new ArrayList<>(List.of(p.device(), p.stack(), Num.csv(p.n())));
            addEstimate(row, p.idleRssMib());
            addEstimate(row, p.startupMs());
            row.add(Num.csv(p.artifactMib()));
            row.add(Num.csv(p.idleRssMibCoverage()));
            row.add(Num.csv(p.startupMsCoverage()));
            return row;
        });
    }

    public static CsvText sweep(Results r) {
        return table(r, SWEEP, DeviceResults::sweep, (SweepPoint p) -> {
            List<String> row = new ArrayList<>(List.of(p.device(), p.stack(), Num.csv(p.concurrency()), Num.csv(p.n())));
            addEstimate(row, p.rps());
            addEstimate(row, p.p99Ms());
            row.add(Num.csv(p.peakRssMib()));
            return row;
        });
    }

    public static CsvText sweepSummary(Results r) {
        return table(r, SWEEP_SUMMARY, DeviceResults::sweepSummary, (SweepSummary s) -> List.of(s.device(), s.stack(),
                Num.csv(s.peakRps()), Num.csv(s.peakConcurrency()), Num.csv(s.plateauConcurrency())));
    }

    public static CsvText memory(Results r) {
        return table(r, MEMORY, DeviceResults::memory, (MemorySummary m) -> List.of(m.device(), m.stack(), Num.csv(m.series()),
                Num.csv(m.samples()), Num.csv(m.durationS()), Num.csv(m.firstMib()), Num.csv(m.minMib()), Num.csv(m.maxMib()),
                Num.csv(m.lastMib()), Num.csv(m.growthMib()), Num.csv(m.steadyGrowthMib()), Num.csv(m.drops()),
                Num.csv(m.slopeMibPerS())));
    }

    /** Series of every study (analysis.md 6). */
    public static CsvText memoryCheckpoints(Results r) {
        CsvText csv = new CsvText(MEMORY_CHECKPOINTS);
        for (MemoryCheckpoint c : r.memoryCheckpoints()) {
            csv.row(c.device(), c.stack(), Num.csv(c.tS()), Num.csv(c.series()), Num.csv(c.mib()));
        }
        return csv;
    }

    /** Every campaign of every study (analysis.md 8). */
    public static CsvText loadgenSummary(Results r) {
        CsvText csv = new CsvText(LOADGEN_SUMMARY);
        for (LoadgenSummary x : r.loadgenSummary()) {
            List<String> cells = new ArrayList<>(java.util.Arrays.asList(x.device(), x.study(), Num.csv(x.phase()), x.stack(), x.endpoint(),
                    Num.csv(x.concurrency()), Num.csv(x.n())));
            for (LoadgenSummary.Column c : LoadgenSummary.Column.values()) cells.add(Num.csv(c.of(x)));
            cells.add(Num.csv(x.hostBusy()));
            cells.add(Num.csv(x.saturatedRuns()));
            csv.row(cells);
        }
        return csv;
    }

    /** Stability diagnostics (analysis.md 9): every group of at least min_n runs. */
    public static CsvText drift(Results r) {
        return table(r, DRIFT, d -> d.drift().tests(), (DriftTest x) -> List.of(x.device(), x.stack(), x.endpoint(),
                Num.csv(x.n()), Num.csv(x.rho()), Num.csv(x.p()), Num.csv(x.pHolm()), Num.csv(x.drifting())));
    }

    public static CsvText exclusions(Results r) {
        return table(r, EXCLUSIONS, DeviceResults::exclusions, (Exclusion x) -> List.of(x.device(), x.campaign(),
                Num.csv(x.phase()), Num.csv(x.seq()), x.stack(), x.endpoint(), x.reason()));
    }

    public static CsvText replication(Results r) {
        CsvText csv = new CsvText(REPLICATION);
        for (Replication x : r.replication()) {
            csv.row(x.device(), x.table(), x.stack(), x.metric(), Num.csv(x.published()), Num.csv(x.measured()), Num.csv(x.ratio()),
                    Num.csv(x.comparable()), x.differs());
        }
        return csv;
    }

    /** Every campaign of every study, one session each (analysis.md 9, version 4). */
    public static CsvText sessions(Results r) {
        CsvText csv = new CsvText(SESSIONS);
        for (Session x : r.sessions()) {
            csv.row(x.device(), x.campaign(), x.study(), Num.csv(x.n()), Num.csv(x.rho()), Num.csv(x.p()), Num.csv(x.pHolm()),
                    Num.csv(x.drifting()), Num.csv(x.stealShare()), Num.csv(x.stealMax()),
                    Integer.toString(x.stealExcluded()), Num.csv(x.probe().cpu()), Num.csv(x.probe().memory()),
                    Num.csv(x.probe().drift()), x.probe().drifted() == null ? "" : Num.csv(x.probe().drifted()));
        }
        return csv;
    }

    private static void addEstimate(List<String> row, Estimate e) {
        row.add(Num.csv(e.value()));
        row.add(Num.csv(e.lo()));
        row.add(Num.csv(e.hi()));
    }

    private static <T> CsvText table(Results r, List<String> header, Function<DeviceResults, List<T>> rows,
            Function<T, List<String>> cells) {
        CsvText csv = new CsvText(header);
        for (DeviceResults d : r.devices()) {
            for (T row : rows.apply(d)) csv.row(cells.apply(row));
        }
        return csv;
    }
}
