package dev.tpm.model;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every analysis parameter of analysis.md, as read from data/config/analysis.json. One is changed
 * through the generated withers ({@code withMinN(3)}, {@code with(b -> b.alpha(0.01).confidence(0.9))})
 * or {@link #toBuilder()}; a new parameter is one component here and one key of the schema.
 *
 * @param posthocTest which p-value enters the Holm family: {@code mann-whitney} or {@code welch}
 * @param minN groups with fewer values get no CI, enter no test and feed no weighted aggregate
 * @param memoryWarmS start (s) of the steady window of a memory series (steady_growth_mib)
 * @param memoryCheckpointsS times (s) at which memory is read off each series, besides t = 0
 * @param latencySloMs the p99 target (ms) of the capacity at offered load (analysis.md 10)
 * @param keptUpRatio achieved / offered rate below which a server did not keep up (analysis.md 10)
 * @param minUnits fewest units of one model that get the model's analysis (analysis.md 11)
 * @param deviceModels device id -> model id for devices recorded without device.model_id (analysis.md 11)
 * @param minUnitsCi version 5: fewest units, of one recorded hardware, that give a model its interval (analysis.md 11)
 * @param maxStealShare version 5: a run whose steal share exceeds it is excluded, reason steal (analysis.md 1);
 *     null turns the rule off
 * @param probeTolerance version 6: how far two probes of the machine may differ (a ratio minus 1) and
 *     still describe one machine state (analysis.md 9 and 11)
 */
@RecordBuilder
public record AnalysisConfig(
        int bootstrapResamples,
        double confidence,
        long rngSeed,
        double alpha,
        String posthocTest,
        double largeEffect,
        double maxErrorRate,
        double plateauGain,
        double dropThresholdMib,
        List<String> excludeCampaigns,
        int minN,
        double memoryWarmS,
        List<Double> memoryCheckpointsS,
        double latencySloMs,
        double keptUpRatio,
        int minUnits,
        Map<String, String> deviceModels,
        int minUnitsCi,
        Double maxStealShare,
        double probeTolerance) implements AnalysisConfigBuilder.With {

    public static final String MANN_WHITNEY = "mann-whitney";
    public static final String WELCH = "welch";

    /** analysis.md's default of min_n: the smallest group that gets a CI, a test or a weighted aggregate. */
    public static final int DEFAULT_MIN_N = 5;
    /** analysis.md's default of memory_warm_s: start of the steady window of a memory series. */
    public static final double DEFAULT_MEMORY_WARM_S = 5;
    /** analysis.md's default of memory_checkpoints_s. */
    public static final List<Double> DEFAULT_MEMORY_CHECKPOINTS_S = List.of(60.0, 300.0);
    /** analysis.md's default of latency_slo_ms: the p99 target of the capacity at offered load. */
    public static final double DEFAULT_LATENCY_SLO_MS = 50;
    /** analysis.md's default of kept_up_ratio: achieved / offered rate below which a server did not keep up. */
    public static final double DEFAULT_KEPT_UP_RATIO = 0.95;

    /** analysis.md's default of min_units: fewest units of one model that get the model's analysis. */
    public static final int DEFAULT_MIN_UNITS = 2;
    /** analysis.md's default of min_units_ci (version 5): fewest units of one hardware that give an interval. */
    public static final int DEFAULT_MIN_UNITS_CI = 3;
    /** analysis.md's default of max_steal_share (version 6; 0.05 in version 5): the steal share above which a run is excluded. */
    public static final double DEFAULT_MAX_STEAL_SHARE = 0.02;
    /** analysis.md's default of probe_tolerance (version 6): two probes within it describe one machine state. */
    public static final double DEFAULT_PROBE_TOLERANCE = 0.10;

    public AnalysisConfig {
        excludeCampaigns = List.copyOf(excludeCampaigns);
        memoryCheckpointsS = List.copyOf(memoryCheckpointsS);
        deviceModels = java.util.Collections.unmodifiableMap(new TreeMap<>(deviceModels));
    }

    /** The defaults of analysis.md: what the shipped analysis.json holds. */
    public static AnalysisConfig defaults() {
        return AnalysisConfigBuilder.builder().bootstrapResamples(10_000).confidence(0.95).rngSeed(20260929L).alpha(0.05)
                .posthocTest(MANN_WHITNEY).largeEffect(0.8).maxErrorRate(0.01).plateauGain(0.10).dropThresholdMib(0.5)
                .excludeCampaigns(List.of()).minN(DEFAULT_MIN_N).memoryWarmS(DEFAULT_MEMORY_WARM_S)
                .memoryCheckpointsS(DEFAULT_MEMORY_CHECKPOINTS_S).latencySloMs(DEFAULT_LATENCY_SLO_MS)
                .keptUpRatio(DEFAULT_KEPT_UP_RATIO).minUnits(DEFAULT_MIN_UNITS).deviceModels(Map.of())
                .minUnitsCi(DEFAULT_MIN_UNITS_CI).maxStealShare(DEFAULT_MAX_STEAL_SHARE)
                .probeTolerance(DEFAULT_PROBE_TOLERANCE).build();
    }

    /** A builder holding these parameters, to change some of them (RecordBuilder's AnalysisConfigBuilder). */
    public AnalysisConfigBuilder toBuilder() {
        return AnalysisConfigBuilder.builder(this);
    }
}
