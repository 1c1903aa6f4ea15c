package dev.tpm.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A collection preset (servers.md "Protocol presets"), {@code harness/presets/<name>.json}, read
 * and checked by {@code dev.tpm.codec.PresetJson}: the {@link Protocol} a campaign of it records in
 * campaign.json's {@code protocol}, and the settings campaign.json keeps elsewhere or not at all.
 * Phase 1 measures the protocol's endpoints at each of its concurrency levels; phase 2 the sweep;
 * phase 3 the memory series; phase 4 latency at offered load; phase 5 steady state. Every run
 * starts its server afresh.
 *
 * <p>The protocol is the one record of every protocol setting. Read from a preset it has every
 * field a preset requires (runs, warmups, duration_s, concurrency, threads, cooldown_s, settle_s,
 * seed_rows, seed_rows_delete, sample_interval_ms, order, rng_seed, endpoints, max_retries,
 * startup_timeout_s, stop_grace_s); absent optional keys are null, as campaign.json omits them:
 * {@code mix}, {@code sweep}, {@code memory}, {@code timeout_s}, {@code prime_s} (0 reads as
 * absent), {@code phase4}, {@code phase5}, and {@code memory.sample_interval_ms} when it is the
 * protocol's.
 *
 * @param protocol campaign.json's {@code protocol} as far as the preset decides it; the campaign
 *     adds what it ran under (pinning, cgroup, the delete calibration, the error rate)
 * @param description what the preset is for and how long it takes ("" when the file has none)
 * @param study campaign.json's {@code study} (data.md; {@link #PAPER_STUDY} unless the preset names
 *     a seed study of studies.md)
 * @param loadGenerator campaign.json's {@code load_generator.tool}: the closed-loop load generator of
 *     phases 1-3 and 5 ({@link #WRK} unless the preset names another)
 * @param modelId campaign.json's {@code device.model_id} (data.md version 4) for campaigns of this
 *     preset, or null; {@code collect --model-id} wins over it
 */
public record Preset(Protocol protocol, String description, String study, String loadGenerator, String modelId) {

    /** {@link #seedRowsFor} of a delete run of a {@code seed_rows_delete: "auto"} preset. */
    public static final int AUTO = -1;
    /** The load generator of a preset without {@code "load_generator"}. */
    public static final String WRK = "wrk";
    /** The study of a preset without {@code "study"} (data.md). */
    public static final String PAPER_STUDY = Campaign.PAPER;
    /** Tolerance on the sum of mix weights (data.md: "sum to 1 (within 1e-9)"). */
    public static final double MIX_SUM_TOLERANCE = 1e-9;

    public Preset {
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(protocol.preset(), "protocol.preset");
        Objects.requireNonNull(protocol.concurrency(), "protocol.concurrency");
        Objects.requireNonNull(protocol.seedRowsDelete(), "protocol.seed_rows_delete");
        Objects.requireNonNull(protocol.endpoints(), "protocol.endpoints");
    }

    /** The preset's name, campaign.json's {@code protocol.preset}. */
    public String name() {
        return protocol.preset();
    }

    /** Phase 1's first concurrency level: the one level of a preset with one. */
    public int concurrency() {
        return protocol.concurrency().get(0);
    }

    /** The load generator's request time-out in seconds; NaN leaves the tool's default. */
    public double timeoutS() {
        return protocol.timeoutS() == null ? Double.NaN : protocol.timeoutS();
    }

    /**
     * Seconds of load on the freshly started server before the measured window, not counted (0:
     * none, every run measured cold).
     */
    public double primeS() {
        return protocol.primeS() == null ? 0 : protocol.primeS();
    }

    /** The sampling interval of a run of {@code phase}: phase 3 may have its own. */
    public int sampleIntervalMs(int phase) {
        Protocol.Memory m = protocol.memory();
        return phase == 3 && m != null && m.sampleIntervalMs() != null ? m.sampleIntervalMs() : protocol.sampleIntervalMs();
    }

    /**
     * Rows seeded before a run of {@code endpoint} (servers.md: seed_rows_delete before delete
     * runs); {@link #AUTO} for a delete run of an {@code auto} preset.
     */
    public int seedRowsFor(String endpoint) {
        if (!Endpoints.DELETE_ITEM.equals(endpoint)) return Math.toIntExact(protocol.seedRows());
        return protocol.seedRowsDelete().auto() ? AUTO : Math.toIntExact(protocol.seedRowsDelete().rows());
    }

    /** This preset with another declared mix (from data/config/mixes.csv). */
    public Preset withMix(Map<String, Double> declared) {
        return with(protocol.toBuilder().mix(declared.isEmpty() ? null : declared).build());
    }

    /**
     * This preset with {@code seed_rows_delete} a number: the one an {@code auto} campaign measured
     * (or recorded in its campaign.json).
     */
    public Preset withSeedRowsDelete(int rows) {
        if (rows < 1) throw new IllegalArgumentException("seed_rows_delete: expected at least 1 row, found " + rows);
        return with(protocol.toBuilder().seedRowsDelete(new Protocol.DeleteRows((long) rows)).build());
    }

    private Preset with(Protocol p) {
        return new Preset(p, description, study, loadGenerator, modelId);
    }

    /** Every endpoint some phase of this preset loads with its closed-loop load generator. */
    public List<String> allEndpoints() {
        Set<String> all = new LinkedHashSet<>(protocol.endpoints());
        if (protocol.sweep() != null) all.add(protocol.sweep().endpoint());
        if (protocol.memory() != null) all.addAll(protocol.memory().endpoints());
        if (protocol.phase5() != null) all.addAll(protocol.phase5().endpoints());
        return new ArrayList<>(all);
    }

    /** Every endpoint some phase loads, phase 4's included: what a measured stack must serve. */
    public List<String> servedEndpoints() {
        Set<String> all = new LinkedHashSet<>(allEndpoints());
        if (protocol.phase4() != null) all.addAll(protocol.phase4().endpoints());
        return new ArrayList<>(all);
    }
}
