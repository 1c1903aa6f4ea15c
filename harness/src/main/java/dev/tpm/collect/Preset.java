package dev.tpm.collect;

import dev.tpm.collect.loadgen.LoadGenerators;
import dev.tpm.model.Endpoints;
import dev.tpm.model.Protocol;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A collection protocol (servers.md "Protocol presets"), read from {@code harness/presets/<name>.json}
 * and validated on load. Phase 1 measures {@code endpoints} at {@code concurrency}; phase 2 the
 * {@code sweep}; phase 3 the {@code memory} series. Every run of every phase is a cold start.
 *
 * @param runs measured phase-1 runs per (stack, endpoint)
 * @param warmups phase-1 warm-up runs per (stack, endpoint), run before the measured runs
 * @param durationS wrk's -d for phases 1 and 2
 * @param settleS wait between the first 200 on /health and the idle RSS reading
 * @param mix the declared workload mix the {@code mixed} endpoint draws requests from (data.md
 *     config/mixes.csv overrides it when the data folder has one)
 * @param maxRetries re-queued attempts allowed per (stack, endpoint, concurrency, warm-up) group
 *     when runs are discarded or fail
 * @param seedRowsDelete rows seeded before every stack's delete runs, or {@link #AUTO} ({@code "auto"}:
 *     one size for every stack, measured by a short calibration load before the first run, see
 *     {@code DeleteCalibration}; a campaign started before version 3 sized each stack's table
 *     from its own previous delete run, {@code DeleteRows})
 * @param study campaign.json's {@code study} (data.md; {@code paper} unless the preset names a
 *     seed study of studies.md)
 * @param loadGenerator {@link #WRK} or {@link #AUTOCANNON}
 * @param timeoutS the load generator's request time-out in whole seconds; NaN leaves the tool's default
 * @param concurrencyLevels the phase-1 levels, each measured for every endpoint ({@code
 *     "concurrency": [10, 50]}); {@code concurrency} is the first
 * @param primeS seconds of load on the freshly started server before the measured window, not
 *     counted (0: none, every run measured cold)
 * @param phase4 phase 4, latency at offered load (open loop), or null
 * @param phase5 phase 5 (version 4), steady state after prior load in the same process, or null
 * @param modelId campaign.json's {@code device.model_id} (data.md version 4) for campaigns of this
 *     preset, or null; {@code collect --model-id} wins over it
 */
public record Preset(
        String name,
        String description,
        int runs,
        int warmups,
        int durationS,
        int concurrency,
        int threads,
        double cooldownS,
        double settleS,
        int seedRows,
        int seedRowsDelete,
        int sampleIntervalMs,
        List<String> endpoints,
        Map<String, Double> mix,
        Sweep sweep,
        Memory memory,
        long rngSeed,
        int maxRetries,
        double startupTimeoutS,
        double stopGraceS,
        String study,
        String loadGenerator,
        double timeoutS,
        List<Integer> concurrencyLevels,
        double primeS,
        Phase4 phase4,
        Phase5 phase5,
        String modelId) {

    /** {@code seed_rows_delete: "auto"}. */
    public static final int AUTO = -1;
    public static final String WRK = dev.tpm.collect.loadgen.LoadGenerator.WRK;
    public static final String AUTOCANNON = dev.tpm.collect.loadgen.LoadGenerator.AUTOCANNON;
    /** The study of a preset without {@code "study"} (data.md). */
    public static final String PAPER_STUDY = "paper";

    /** Phase 2: one endpoint at several concurrency levels. */
    public record Sweep(String endpoint, List<Integer> concurrency, int runs, int warmups) {
        public Sweep {
            concurrency = List.copyOf(concurrency);
        }
    }

    /** Phase 3: runs whose memory time series is kept, one JSON file each, sampled every {@code sampleIntervalMs}. */
    public record Memory(List<String> endpoints, int runs, int durationS, int concurrency, int sampleIntervalMs) {
        public Memory {
            endpoints = List.copyOf(endpoints);
        }
    }

    /**
     * Phase 4 (servers.md, data.md {@code protocol.phase4}): each endpoint at each offered rate, an
     * open loop. The rates of a stack are {@code offeredRps} (the same for every stack: comparable
     * at equal load) and each of {@code offeredFractions} times the stack's phase-1 median rps on
     * that endpoint in the same campaign, rounded to a whole request per second.
     *
     * @param concurrency the connections the rate is spread over (oha -c)
     * @param tool the open-loop load generator's id (oha)
     * @param version the version the preset pins; the installed tool must report it
     * @param latencyCorrection latency from each request's scheduled start (always true: the harness
     *     measures phase 4 with coordinated omission corrected only)
     */
    public record Phase4(List<String> endpoints, List<Double> offeredRps, List<Double> offeredFractions, int runs,
            int warmups, int durationS, int concurrency, String tool, String version, boolean latencyCorrection,
            Search search) {
        public Phase4 {
            endpoints = List.copyOf(endpoints);
            offeredRps = List.copyOf(offeredRps);
            offeredFractions = List.copyOf(offeredFractions);
        }
    }

    /**
     * Phase 4's search (version 4, {@code protocol.phase4.search}): after the declared rates, factor
     * times the highest rate while it met the latency target, up to max_fraction times the stack's
     * phase-1 median ({@code Phase4Search}).
     *
     * @param factor above 1
     * @param maxFraction above 0
     */
    public record Search(double factor, double maxFraction) {}

    /**
     * Phase 5 (version 4, {@code protocol.phase5}): each endpoint's runs measured after
     * {@code priorLoadS} of unrecorded load at the run's endpoint and concurrency, in the same server
     * process, with the preset's (closed-loop) load generator.
     */
    public record Phase5(List<String> endpoints, double priorLoadS, int runs, int warmups, int durationS, int concurrency) {
        public Phase5 {
            endpoints = List.copyOf(endpoints);
        }
    }

    /** Tolerance on the sum of mix weights (data.md: "sum to 1 (within 1e-9)"). */
    public static final double MIX_SUM_TOLERANCE = 1e-9;

    public Preset {
        endpoints = List.copyOf(endpoints);
        mix = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(mix));
        concurrencyLevels = List.copyOf(concurrencyLevels);
    }

    /** {@code spec} is a preset name (looked up in {@code presetsDir}) or a path to a .json file. */
    public static Preset resolve(String spec, Path presetsDir) throws IOException {
        Path file = spec.endsWith(".json") || spec.contains("/") ? Path.of(spec) : presetsDir.resolve(spec + ".json");
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + ": no such preset (presets in " + presetsDir + ": " + available(presetsDir) + ")");
        }
        return load(file);
    }

    static List<String> available(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json"))
                    .map(n -> n.substring(0, n.length() - 5)).sorted().toList();
        }
    }

    /** Reads and checks a preset file (servers.md "Protocol presets"). */
    public static Preset load(Path file) throws IOException {
        return PresetJson.load(file);
    }

    /** The endpoint list phase 1 measures, in the preset's order. */
    public List<String> phase1Endpoints() {
        return endpoints;
    }

    /**
     * Rows seeded before a run of {@code endpoint} (servers.md: seed_rows_delete before delete
     * runs); {@link #AUTO} for a delete run of an {@code auto} preset.
     */
    public int seedRowsFor(String endpoint) {
        return Endpoints.DELETE_ITEM.equals(endpoint) ? seedRowsDelete : seedRows;
    }

    /** This preset with another declared mix (from data/config/mixes.csv). */
    public Preset withMix(Map<String, Double> declared) {
        return new Preset(name, description, runs, warmups, durationS, concurrency, threads, cooldownS, settleS,
                seedRows, seedRowsDelete, sampleIntervalMs, endpoints, declared, sweep, memory, rngSeed, maxRetries,
                startupTimeoutS, stopGraceS, study, loadGenerator, timeoutS, concurrencyLevels, primeS, phase4, phase5,
                modelId);
    }

    /**
     * This preset with {@code seed_rows_delete} a number: the one an {@code auto} campaign measured
     * (or recorded in its campaign.json).
     */
    public Preset withSeedRowsDelete(int rows) {
        if (rows < 1) throw new IllegalArgumentException("seed_rows_delete: expected at least 1 row, found " + rows);
        return new Preset(name, description, runs, warmups, durationS, concurrency, threads, cooldownS, settleS,
                seedRows, rows, sampleIntervalMs, endpoints, mix, sweep, memory, rngSeed, maxRetries,
                startupTimeoutS, stopGraceS, study, loadGenerator, timeoutS, concurrencyLevels, primeS, phase4, phase5,
                modelId);
    }

    /**
     * campaign.json's {@code protocol} (data.md) as far as the preset decides it; the campaign adds
     * what it ran under (pinning, cgroup, the delete calibration, the error rate).
     */
    public Protocol protocol() {
        Protocol.Builder p = Protocol.builder()
                .preset(name).runs(runs).warmups(warmups).durationS((double) durationS)
                .concurrency(concurrencyLevels.size() == 1 ? List.of(concurrency) : concurrencyLevels)
                .threads(threads).cooldownS(cooldownS).seedRows((long) seedRows)
                .seedRowsDelete(seedRowsDelete == AUTO ? Protocol.DeleteRows.AUTOMATIC : new Protocol.DeleteRows((long) seedRowsDelete))
                .sampleIntervalMs(sampleIntervalMs).order("randomized").rngSeed(rngSeed).settleS(settleS)
                .endpoints(endpoints).mix(mix.isEmpty() ? null : mix)
                .maxRetries(maxRetries).startupTimeoutS(startupTimeoutS).stopGraceS(stopGraceS)
                .timeoutS(Double.isNaN(timeoutS) ? null : timeoutS).primeS(primeS > 0 ? primeS : null);
        if (sweep != null) p.sweep(new Protocol.Sweep(sweep.endpoint(), sweep.concurrency(), sweep.runs(), sweep.warmups()));
        if (memory != null) {
            p.memory(new Protocol.Memory(memory.endpoints(), memory.runs(), (double) memory.durationS(), memory.concurrency(),
                    memory.sampleIntervalMs() != sampleIntervalMs ? memory.sampleIntervalMs() : null));
        }
        if (phase4 != null) {
            p.phase4(new Protocol.Phase4(phase4.endpoints(), phase4.offeredRps(), phase4.offeredFractions(), phase4.runs(),
                    phase4.warmups(), (double) phase4.durationS(), phase4.concurrency(),
                    new Protocol.Phase4LoadGenerator(phase4.tool(), phase4.version(), phase4.latencyCorrection()),
                    phase4.search() == null ? null
                            : new Protocol.Search(phase4.search().factor(), phase4.search().maxFraction())));
        }
        if (phase5 != null) {
            p.phase5(new Protocol.Phase5(phase5.endpoints(), phase5.priorLoadS(), phase5.runs(), phase5.warmups(),
                    (double) phase5.durationS(), phase5.concurrency()));
        }
        return p.build();
    }

    /** The sampling interval of a run of {@code phase}: phase 3 may have its own. */
    public int sampleIntervalMs(int phase) {
        return phase == 3 && memory != null ? memory.sampleIntervalMs() : sampleIntervalMs;
    }

    /** Every endpoint some phase of this preset loads, for checking that its wrk scripts exist. */
    public List<String> allEndpoints() {
        Set<String> all = new LinkedHashSet<>(endpoints);
        if (sweep != null) all.add(sweep.endpoint());
        if (memory != null) all.addAll(memory.endpoints());
        if (phase5 != null) all.addAll(phase5.endpoints());
        return new ArrayList<>(all);
    }

    /** Every endpoint some phase loads, phase 4's included: what a measured stack must serve. */
    public List<String> servedEndpoints() {
        Set<String> all = new LinkedHashSet<>(allEndpoints());
        if (phase4 != null) all.addAll(phase4.endpoints());
        return new ArrayList<>(all);
    }
}
