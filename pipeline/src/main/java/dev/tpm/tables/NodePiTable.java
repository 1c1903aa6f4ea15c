package dev.tpm.tables;

import dev.tpm.model.Endpoints;
import dev.tpm.model.Studies;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * node_pi (studies.md, seed 003): one row per device and stack at the study's lowest concurrency
 * of GET /json (the guide's autocannon -c 10): device model, Node version, req/s, p99, peak RSS,
 * GET /heavy req/s, and the Fastify/Express and cluster/single throughput ratios of the device.
 */
public final class NodePiTable extends StudyTable {
    static final String EXPRESS = "node-express";
    static final String FASTIFY = "node-fastify";
    static final String CLUSTER = "node-express-cluster";

    @Override
    public String name() {
        return "node_pi";
    }

    @Override
    public String study() {
        return Studies.NODE_PI;
    }

    /** The lowest concurrency the device has GET /json rows at. */
    static OptionalInt concurrency(StudyScope s, String device) {
        return s.rows().stream().filter(x -> x.device().equals(device) && x.endpoint().equals(Endpoints.HELLO_JSON))
                .mapToInt(LoadgenSummary::concurrency).min();
    }

    /** rps_median of a / rps_median of b on the device's GET /json at concurrency c, NaN when either is missing. */
    static double ratio(StudyScope s, String device, int c, String a, String b) {
        double x = s.row(device, a, Endpoints.HELLO_JSON, c).map(LoadgenSummary::rpsMedian).orElse(Double.NaN);
        double y = s.row(device, b, Endpoints.HELLO_JSON, c).map(LoadgenSummary::rpsMedian).orElse(Double.NaN);
        return x / y;
    }

    /**
     * The ratio a / b with its percentile bootstrap interval (ratio_b from the two groups' replicates,
     * analysis.md 4), "(n < min_n)" where a group is too small for one, n/a where either is missing.
     */
    static String ratioCell(Results r, StudyScope s, String device, int c, String a, String b) {
        return rpsRatioCell(r, s.row(device, a, Endpoints.HELLO_JSON, c).orElse(null),
                s.row(device, b, Endpoints.HELLO_JSON, c).orElse(null), ratio(s, device, c, a, b));
    }

    @Override
    public TableModel build(Results r) {
        StudyScope s = r.facts().study(study());
        TableModel.Builder t = TableModel.builder(name(), "node-pi (the Node.js on Raspberry Pi guide's per-model table,"
                + " seed 003): GET /json per device and stack, medians over the measured runs." + from(s));
        t.text("device").text("model").text("stack").text("Node").number("concurrency").number("req/s")
                .number("p99 (ms)").number("memory (MiB, peak RSS)").number("GET /heavy req/s")
                .number("Fastify / Express").number("cluster / single");
        List<String> none = new ArrayList<>();
        List<LoadgenSummary> shown = new ArrayList<>();
        for (String device : s.devices()) {
            OptionalInt c = concurrency(s, device);
            if (c.isEmpty()) {
                none.add(device);
                continue;
            }
            t.group();
            String model = Optional.ofNullable(s.deviceModel(device)).orElse("n/a");
            String fastify = ratioCell(r, s, device, c.getAsInt(), FASTIFY, EXPRESS);
            String cluster = ratioCell(r, s, device, c.getAsInt(), CLUSTER, EXPRESS);
            for (String stack : s.stacks()) {
                Optional<LoadgenSummary> x = s.row(device, stack, Endpoints.HELLO_JSON, c.getAsInt());
                Optional<LoadgenSummary> heavy = s.row(device, stack, Endpoints.HEAVY, c.getAsInt());
                x.ifPresent(shown::add);
                heavy.ifPresent(shown::add);
                String node = s.version(stack, "runtime");
                t.row(device, model, stack, node == null ? "n/a" : node, Integer.toString(c.getAsInt()),
                        Rounding.value(Quantity.RPS, x.map(LoadgenSummary::rpsMedian).orElse(Double.NaN)),
                        Rounding.latency(x.map(LoadgenSummary::latP99Ms).orElse(Double.NaN), s.latencyResolution(device)),
                        Rounding.value(Quantity.MIB, x.map(LoadgenSummary::peakRssMib).orElse(Double.NaN)),
                        Rounding.value(Quantity.RPS, heavy.map(LoadgenSummary::rpsMedian).orElse(Double.NaN)),
                        fastify, cluster);
            }
        }
        if (!none.isEmpty()) t.note("No measured run of GET /json (hello_json) on: " + String.join(", ", none) + ".");
        String saturation = saturationNote(shown);
        if (saturation != null) t.note(saturation);
        return t.note("Fastify / Express: req/s of " + FASTIFY + " / req/s of " + EXPRESS + " on the device (the guide's"
                        + " \"+32% vs Express\"); cluster / single: " + CLUSTER + " / " + EXPRESS + " (its \"roughly 4x\");"
                        + replicateIntervalNote(r, " [lo, hi]: the ratio's ", "")
                        + " Memory: the largest peak RSS of the server's whole process tree (every worker counted),"
                        + " MiB = KiB / 1024. Node: the stack's versions.runtime in campaign.json. n/a: not measured.")
                .note(Rounding.note(EnumSet.of(Quantity.RPS, Quantity.LATENCY_MS, Quantity.MIB, Quantity.RATIO), s.latencyResolution()))
                .note(TableText.sourceNote("loadgen_summary.csv"))
                .build();
    }
}
