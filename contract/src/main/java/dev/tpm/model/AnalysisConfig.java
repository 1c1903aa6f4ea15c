package dev.tpm.model;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every analysis parameter of analysis.md, as read from data/config/analysis.json.
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
        double probeTolerance) {

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

    /** The parameters of analysis.md version 5; probe_tolerance (version 6) takes its default. */
    public AnalysisConfig(int bootstrapResamples, double confidence, long rngSeed, double alpha, String posthocTest,
            double largeEffect, double maxErrorRate, double plateauGain, double dropThresholdMib,
            List<String> excludeCampaigns, int minN, double memoryWarmS, List<Double> memoryCheckpointsS,
            double latencySloMs, double keptUpRatio, int minUnits, Map<String, String> deviceModels, int minUnitsCi,
            Double maxStealShare) {
        this(bootstrapResamples, confidence, rngSeed, alpha, posthocTest, largeEffect, maxErrorRate, plateauGain,
                dropThresholdMib, excludeCampaigns, minN, memoryWarmS, memoryCheckpointsS, latencySloMs, keptUpRatio,
                minUnits, deviceModels, minUnitsCi, maxStealShare, DEFAULT_PROBE_TOLERANCE);
    }

    /** The parameters of analysis.md version 3; the version-4 ones (section 11) take their defaults. */
    public AnalysisConfig(int bootstrapResamples, double confidence, long rngSeed, double alpha, String posthocTest,
            double largeEffect, double maxErrorRate, double plateauGain, double dropThresholdMib,
            List<String> excludeCampaigns, int minN, double memoryWarmS, List<Double> memoryCheckpointsS,
            double latencySloMs, double keptUpRatio) {
        this(bootstrapResamples, confidence, rngSeed, alpha, posthocTest, largeEffect, maxErrorRate, plateauGain,
                dropThresholdMib, excludeCampaigns, minN, memoryWarmS, memoryCheckpointsS, latencySloMs, keptUpRatio,
                DEFAULT_MIN_UNITS, Map.of(), DEFAULT_MIN_UNITS_CI, DEFAULT_MAX_STEAL_SHARE);
    }

    /** The parameters of analysis.md version 2; the version-3 ones (section 10) take their defaults. */
    public AnalysisConfig(int bootstrapResamples, double confidence, long rngSeed, double alpha, String posthocTest,
            double largeEffect, double maxErrorRate, double plateauGain, double dropThresholdMib,
            List<String> excludeCampaigns, int minN, double memoryWarmS, List<Double> memoryCheckpointsS) {
        this(bootstrapResamples, confidence, rngSeed, alpha, posthocTest, largeEffect, maxErrorRate, plateauGain,
                dropThresholdMib, excludeCampaigns, minN, memoryWarmS, memoryCheckpointsS, DEFAULT_LATENCY_SLO_MS,
                DEFAULT_KEPT_UP_RATIO);
    }

    /** The parameters of analysis.md version 1; the version-2 ones take their defaults. */
    public AnalysisConfig(int bootstrapResamples, double confidence, long rngSeed, double alpha, String posthocTest,
            double largeEffect, double maxErrorRate, double plateauGain, double dropThresholdMib,
            List<String> excludeCampaigns) {
        this(bootstrapResamples, confidence, rngSeed, alpha, posthocTest, largeEffect, maxErrorRate, plateauGain,
                dropThresholdMib, excludeCampaigns, DEFAULT_MIN_N, DEFAULT_MEMORY_WARM_S, DEFAULT_MEMORY_CHECKPOINTS_S);
    }

    /** The same parameters with another min_n. */
    public AnalysisConfig withMinN(int n) {
        return new AnalysisConfig(bootstrapResamples, confidence, rngSeed, alpha, posthocTest, largeEffect, maxErrorRate,
                plateauGain, dropThresholdMib, excludeCampaigns, n, memoryWarmS, memoryCheckpointsS, latencySloMs,
                keptUpRatio, minUnits, deviceModels, minUnitsCi, maxStealShare, probeTolerance);
    }

    /** The same parameters with another latency_slo_ms and kept_up_ratio (analysis.md 10). */
    public AnalysisConfig withOfferedLoad(double sloMs, double ratio) {
        return new AnalysisConfig(bootstrapResamples, confidence, rngSeed, alpha, posthocTest, largeEffect, maxErrorRate,
                plateauGain, dropThresholdMib, excludeCampaigns, minN, memoryWarmS, memoryCheckpointsS, sloMs, ratio,
                minUnits, deviceModels, minUnitsCi, maxStealShare, probeTolerance);
    }

    /** The same parameters with another min_units and device_models (analysis.md 11). */
    public AnalysisConfig withUnits(int units, Map<String, String> models) {
        return new AnalysisConfig(bootstrapResamples, confidence, rngSeed, alpha, posthocTest, largeEffect, maxErrorRate,
                plateauGain, dropThresholdMib, excludeCampaigns, minN, memoryWarmS, memoryCheckpointsS, latencySloMs,
                keptUpRatio, units, models, minUnitsCi, maxStealShare, probeTolerance);
    }

    /** The same parameters with another min_units_ci and max_steal_share (analysis.md 11 and 1, version 5). */
    public AnalysisConfig withVersion5(int unitsCi, Double stealShare) {
        return new AnalysisConfig(bootstrapResamples, confidence, rngSeed, alpha, posthocTest, largeEffect, maxErrorRate,
                plateauGain, dropThresholdMib, excludeCampaigns, minN, memoryWarmS, memoryCheckpointsS, latencySloMs,
                keptUpRatio, minUnits, deviceModels, unitsCi, stealShare, probeTolerance);
    }

    /** The same parameters with another probe_tolerance (analysis.md 9 and 11, version 6). */
    public AnalysisConfig withProbeTolerance(double tolerance) {
        return new AnalysisConfig(bootstrapResamples, confidence, rngSeed, alpha, posthocTest, largeEffect, maxErrorRate,
                plateauGain, dropThresholdMib, excludeCampaigns, minN, memoryWarmS, memoryCheckpointsS, latencySloMs,
                keptUpRatio, minUnits, deviceModels, minUnitsCi, maxStealShare, tolerance);
    }

    /** The defaults of analysis.md: what the shipped analysis.json holds. */
    public static AnalysisConfig defaults() {
        return new AnalysisConfig(10_000, 0.95, 20260929L, 0.05, MANN_WHITNEY, 0.8, 0.01, 0.10, 0.5, List.of());
    }
}
