package dev.tpm.model;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.Map;

/**
 * campaign.json {@code protocol} (data.md): how the campaign was collected, with every phase's
 * settings. Fields not recorded are null; older versions' keys are read as they were written.
 * Build one with {@link #builder()}, a builder RecordBuilder generates at compile time
 * (ProtocolBuilder): a spec version adds a record component, never a constructor or a setter.
 *
 * @param preset the preset it was collected with (e.g. {@code paper}, {@code pilot}, {@code imported})
 * @param runs measured runs per group
 * @param warmups warm-up runs per group
 * @param durationS seconds of load per run
 * @param concurrency open connections: one level, or the levels of a study that loads several
 * @param threads load-generator threads
 * @param cooldownS pause between runs (s)
 * @param seedRows rows the database is seeded with
 * @param seedRowsDelete the DELETE table's size: a number of rows, or {@code auto} (sized by a calibration)
 * @param sampleIntervalMs the memory sampler's interval
 * @param order run order, {@code randomized}
 * @param rngSeed the seed of the run order
 * @param settleS pause after a server is up before its load (s)
 * @param endpoints the endpoints of phase 1
 * @param mix the mixed workload's weights per endpoint
 * @param sweep phase 2, the concurrency sweep
 * @param memory phase 3, the memory series
 * @param maxRetries retries of a failed run
 * @param startupTimeoutS how long a server may take to start (s)
 * @param stopGraceS how long a server may take to stop (s)
 * @param pinning data.md version 1: the CPUs of server and load generator (later: server_cpus, load_generator.cpus)
 * @param timeoutS the load generator's request time-out (s)
 * @param primeS seconds of load before a run's measured window
 * @param phase4 phase 4, latency at offered load (version 3)
 * @param phase5 phase 5, steady state (version 4)
 * @param deleteCalibration {@code seed_rows_delete_calibration}: what sized the DELETE table of an {@code auto} campaign
 * @param cgroup the server's cgroup: {@code v2}, {@code v2-since-start}, {@code v1}, {@code none} (version 3)
 * @param serverCpus the CPU list the server was pinned to (version 2)
 * @param harnessCpus the CPU list the harness itself ran on
 * @param bind the address the servers listened on, when not 127.0.0.1
 * @param maxErrorRate the error rate above which a run is discarded
 * @param withoutVcgencmd true when the Pi's vcgencmd was not used
 * @param maxStealShare version 5: the steal share of a run's CPU time above which the harness
 *     discarded and repeated it, and the quiet gate's threshold; null when the rule was off or not recorded
 * @param quiet version 5: the quiet gate's window and longest wait, null when not recorded
 * @param probe version 6: the probe of the machine beside the stacks (probe.csv), null when none
 * @param tests version 6: false when the campaign's purpose is not the post-hoc tests (a preset's
 *     {@code "tests": false}), null when not said
 * @param extra keys this contract does not know, kept as read
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RecordBuilder
public record Protocol(
        String preset,
        Integer runs,
        Integer warmups,
        @JsonSerialize(using = JsonShapes.Whole.class) Double durationS,
        // one level written as a number, several as an array, either read (Jackson's own features)
        @JsonFormat(with = {JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY, JsonFormat.Feature.WRITE_SINGLE_ELEM_ARRAYS_UNWRAPPED})
        List<Integer> concurrency,
        Integer threads,
        Double cooldownS,
        Long seedRows,
        DeleteRows seedRowsDelete,
        Integer sampleIntervalMs,
        String order,
        Long rngSeed,
        Double settleS,
        List<String> endpoints,
        Map<String, Double> mix,
        Sweep sweep,
        Memory memory,
        Integer maxRetries,
        Double startupTimeoutS,
        Double stopGraceS,
        Pinning pinning,
        Double timeoutS,
        Double primeS,
        Phase4 phase4,
        Phase5 phase5,
        @JsonProperty("seed_rows_delete_calibration") DeleteCalibration deleteCalibration,
        String cgroup,
        String serverCpus,
        String harnessCpus,
        String bind,
        Double maxErrorRate,
        Boolean withoutVcgencmd,
        Double maxStealShare,
        Quiet quiet,
        Probe probe,
        Boolean tests,
        @JsonAnyGetter @JsonAnySetter Map<String, Object> extra) {

    public Protocol {
        concurrency = Extras.list(concurrency);
        endpoints = Extras.list(endpoints);
        mix = Extras.ordered(mix);
        extra = Extras.copy(extra);
    }

    /** A protocol field by field (RecordBuilder's ProtocolBuilder); unset fields are null (not recorded). */
    public static ProtocolBuilder builder() {
        return ProtocolBuilder.builder();
    }

    /** A builder holding this protocol's fields, to change some of them. */
    public ProtocolBuilder toBuilder() {
        return ProtocolBuilder.builder(this);
    }

    /** The one concurrency level of phase 1, null when none or several are recorded. */
    public Integer singleConcurrency() {
        return concurrency != null && concurrency.size() == 1 ? concurrency.get(0) : null;
    }

    /**
     * {@code seed_rows_delete}: the rows of the DELETE table, or {@code auto} (data.md version 3:
     * sized once per campaign by a calibration, then recorded as a number).
     *
     * @param rows the rows; null for {@code auto}
     */
    public record DeleteRows(Long rows) {
        public static final String AUTO = "auto";
        public static final DeleteRows AUTOMATIC = new DeleteRows(null);

        /** campaign.json's value: a number of rows, or {@code "auto"}. */
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public static DeleteRows of(Object value) {
            return value instanceof Number n ? new DeleteRows(n.longValue()) : AUTOMATIC;
        }

        /** What campaign.json records: the rows, or {@code "auto"}. */
        @JsonValue
        public Object recorded() {
            return rows == null ? AUTO : rows;
        }

        public boolean auto() {
            return rows == null;
        }
    }

    /** {@code sweep}: phase 2, one endpoint at each concurrency level. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Sweep(String endpoint, List<Integer> concurrency, Integer runs, Integer warmups) {
        public Sweep {
            concurrency = Extras.list(concurrency);
        }
    }

    /** {@code memory}: phase 3, the memory series; {@code sampleIntervalMs} null when the protocol's. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Memory(List<String> endpoints, Integer runs, @JsonSerialize(using = JsonShapes.Whole.class) Double durationS, Integer concurrency,
            Integer sampleIntervalMs) {
        public Memory {
            endpoints = Extras.list(endpoints);
        }
    }

    /** Version 1's {@code pinning}: the server's and the load generator's CPU lists. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Pinning(String serverCpus, String loadGeneratorCpus) {}

    /**
     * {@code phase4} (version 3): latency at offered load, open loop.
     *
     * @param offeredRps absolute rates, the same for every stack
     * @param offeredFractions rates as fractions of each stack's phase-1 median
     * @param search version 4: how the harness went on past the declared rates, null when it did not
     * @param priorLoadS version 6: seconds of closed-loop load each run's server had before its
     *     open-loop window (a warm phase 4); null or 0: the server started cold for the window
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Phase4(List<String> endpoints, @JsonSerialize(contentUsing = JsonShapes.Whole.class) List<Double> offeredRps,
            List<Double> offeredFractions, Integer runs, Integer warmups, @JsonSerialize(using = JsonShapes.Whole.class) Double durationS, Integer concurrency, Phase4LoadGenerator loadGenerator, Search search,
            @JsonSerialize(using = JsonShapes.Whole.class) Double priorLoadS) {
        public Phase4 {
            endpoints = Extras.list(endpoints);
            offeredRps = Extras.list(offeredRps);
            offeredFractions = Extras.list(offeredFractions);
        }
    }

    /** {@code phase4.load_generator}: the open-loop tool. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Phase4LoadGenerator(String tool, String version, Boolean latencyCorrection) {}

    /**
     * {@code phase4.search} (version 4): after the declared rates, factor times the highest rate
     * while it met the latency target, up to maxFraction times the phase-1 median.
     *
     * @param factor greater than 1
     * @param maxFraction greater than 0
     */
    public record Search(double factor, double maxFraction) {}

    /**
     * {@code phase5} (version 4): steady state, measured after {@code priorLoadS} seconds of load
     * in the same server process.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Phase5(List<String> endpoints, @JsonSerialize(using = JsonShapes.Whole.class) Double priorLoadS, Integer runs, Integer warmups,
            @JsonSerialize(using = JsonShapes.Whole.class) Double durationS,
            Integer concurrency) {
        public Phase5 {
            endpoints = Extras.list(endpoints);
        }
    }

    /**
     * {@code seed_rows_delete_calibration}: each stack's delete rate that sized the table.
     *
     * @param loadS seconds of each calibration load
     * @param margin the factor over rate x run length
     * @param roundedTo the table size is a multiple of it
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DeleteCalibration(@JsonSerialize(using = JsonShapes.Whole.class) Double loadS, Double margin, Long roundedTo, List<Rate> rates) {
        public DeleteCalibration {
            rates = Extras.list(rates);
        }

        /** One stack's calibration load at one concurrency. */
        @JsonInclude(JsonInclude.Include.NON_NULL)
        public record Rate(String stack, Integer concurrency, Long seededRows, Long requests, Double durationS) {}
    }

    /**
     * {@code quiet} (version 5, servers.md): before each run the harness waits, a window at a time,
     * while the steal share of the window exceeds {@code max_steal_share}, for at most maxWaitS.
     *
     * @param windowS seconds of one window (> 0), null when the default (preset.schema.json's)
     * @param maxWaitS the longest wait before a run (> 0), null when the default (preset.schema.json's)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Quiet(Double windowS, Double maxWaitS) {}

    /**
     * {@code probe} (version 6, servers.md "The machine measured beside the stacks"): a fixed
     * workload run on the server's CPU before the first run, between rounds and at the end.
     *
     * @param tool the probe's tool, {@code sysbench}
     * @param version the tool's version as installed (recorded by the harness)
     * @param durationS seconds of each of its tests (> 0)
     * @param everyRuns in a campaign not in rounds, a probe after every this many runs (> 0)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Probe(String tool, String version, @JsonSerialize(using = JsonShapes.Whole.class) Double durationS,
            Integer everyRuns) {}
}
