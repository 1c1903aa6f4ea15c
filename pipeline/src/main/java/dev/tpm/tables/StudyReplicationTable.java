package dev.tpm.tables;

import dev.tpm.model.Endpoints;
import dev.tpm.model.PublishedValue;
import dev.tpm.model.Studies;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.MemoryCheckpoint;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * replication_&lt;study&gt; (studies.md "Published values"): each number the study's seed prints
 * (reference/published.csv rows of blog-014, costajob/app-servers or node-pi-guide) beside the same
 * quantity in each device's campaigns of that study. The seeds ran on other machines, so the
 * table compares what transfers between machines: the order of the stacks (rank within the seed
 * table and metric, over the stacks both have) and each value over the smallest of that group.
 *
 * <p>Metric names (published.csv): a loadgen_summary.csv column at concurrency N ({@code
 * rps_median_c10}, {@code rps_best_c100}, {@code lat_p99_ms_c10}, {@code peak_rss_mib_c100},
 * {@code cpu_pct_c100}, {@code ratio_to_slowest_c50}, ...) on the study's endpoint (GET / for
 * hello-blog and app-servers, GET /json for node-pi); {@code rss_mib_t<N>} the memory checkpoint
 * at N s; {@code fastify_over_express_c<N>} and {@code cluster_over_single_c<N>} the node-pi ratios.
 *
 * <p>A measured stack that stands in for the seed's server (campaign.json {@code stacks[].stand_in})
 * is compared with the seed's value all the same, and a note names it and why; a system of the seed
 * that cannot be built here ({@link Studies#notBuilt(String)}) prints "not built here: ..." as its
 * measured value.
 */
public final class StudyReplicationTable extends StudyTable {
    /** A loadgen_summary column at a concurrency: {@code rps_median_c50}. */
    private static final Pattern LOADGEN = Pattern.compile("(" + java.util.Arrays.stream(LoadgenSummary.Column.values())
            .map(LoadgenSummary.Column::id).collect(java.util.stream.Collectors.joining("|")) + ")_c([0-9]+)");
    private static final Pattern CHECKPOINT = dev.tpm.model.Metrics.STUDY_CHECKPOINT;
    private static final Pattern NODE_RATIO = Pattern.compile("(fastify_over_express|cluster_over_single)_c([0-9]+)");
    /** Where each seed ran (studies.md). */
    private static final Map<String, String> MACHINES = Map.of(
            Studies.HELLO_BLOG, "a 2 vCPU Xeon VM (wrk on the same host)",
            Studies.APP_SERVERS, "a 2019 MacBook Pro 13 (quad-core i5, macOS)",
            Studies.NODE_PI, "Raspberry Pi 3B+, 4 and 5");

    private final String study;

    public StudyReplicationTable(String study) {
        this.study = study;
    }

    @Override
    public String name() {
        return "replication_" + study.replace('-', '_');
    }

    @Override
    public String study() {
        return study;
    }

    @Override
    public Optional<String> lacking(Results r) {
        Optional<String> base = super.lacking(r);
        if (base.isPresent()) return base;
        return Studies.published(r.facts().published(), study).isEmpty()
                ? Optional.of("reference/published.csv has no row of " + Studies.SOURCE.get(study))
                : Optional.empty();
    }

    /** The study's endpoint for loadgen metrics. */
    static String endpoint(String study) {
        return study.equals(Studies.NODE_PI) ? Endpoints.HELLO_JSON : Endpoints.HELLO;
    }

    /**
     * A metric name of published.csv, parsed once: a loadgen_summary column at concurrency c
     * ({@code rps_median_c50}), a memory checkpoint at t seconds ({@code rss_mib_t60}), a node-pi
     * ratio over Express at concurrency c ({@code fastify_over_express_c50}, with {@code numerator}
     * the stack over Express), or none of these; {@code column} is the loadgen column, null for
     * the other kinds.
     */
    record Metric(Kind kind, LoadgenSummary.Column column, int concurrency, double t, String numerator) {
        enum Kind { LOADGEN, CHECKPOINT, NODE_RATIO, OTHER }

        static Metric parse(String metric) {
            Matcher m = LOADGEN.matcher(metric);
            if (m.matches()) {
                return new Metric(Kind.LOADGEN, LoadgenSummary.Column.byId(m.group(1)), Integer.parseInt(m.group(2)), Double.NaN, null);
            }
            m = CHECKPOINT.matcher(metric);
            if (m.matches()) return new Metric(Kind.CHECKPOINT, null, 0, Double.parseDouble(m.group(1)), null);
            m = NODE_RATIO.matcher(metric);
            if (m.matches()) {
                String numerator = m.group(1).startsWith("fastify") ? NodePiTable.FASTIFY : NodePiTable.CLUSTER;
                return new Metric(Kind.NODE_RATIO, null, Integer.parseInt(m.group(2)), Double.NaN, numerator);
            }
            return new Metric(Kind.OTHER, null, 0, Double.NaN, null);
        }

        /**
         * The quantity the value prints as: a loadgen column's, MiB for a checkpoint, a ratio for
         * node-pi's; any other name as the paper's vocabulary reads it (startup_ms, idle_rss_mib).
         */
        Quantity quantity(String name) {
            return switch (kind) {
                case LOADGEN -> column.quantity();
                case CHECKPOINT -> Quantity.MIB;
                case NODE_RATIO -> Quantity.RATIO;
                case OTHER -> dev.tpm.results.PaperName.parse(name).quantity();
            };
        }
    }

    /** The measured counterpart of a published metric on one device; NaN when the data has none. */
    static double measured(Results r, StudyScope s, String device, String stack, String metric) {
        Metric x = Metric.parse(metric);
        return switch (x.kind()) {
            case LOADGEN -> s.row(device, stack, endpoint(s.study()), x.concurrency()).stream()
                    .mapToDouble(x.column()::of).findFirst().orElse(Double.NaN);
            case CHECKPOINT -> r.memoryCheckpoints().stream()
                    .filter(c -> c.device().equals(device) && c.stack().equals(stack) && c.tS() == x.t())
                    .mapToDouble(MemoryCheckpoint::mib).findFirst().orElse(Double.NaN);
            case NODE_RATIO -> NodePiTable.ratio(s, device, x.concurrency(), x.numerator(), NodePiTable.EXPRESS);
            case OTHER -> Double.NaN;
        };
    }

    /**
     * The measured cell of a value: a ratio between stacks (fastify_over_express, cluster_over_single,
     * ratio_to_slowest) with its interval ({@link #rpsRatioCell}), any other value rounded.
     */
    static String measuredCell(Results r, StudyScope s, String device, String stack, String metric, double m, Quantity q) {
        Metric x = Metric.parse(metric);
        if (x.kind() == Metric.Kind.NODE_RATIO) {
            return NodePiTable.ratioCell(r, s, device, x.concurrency(), x.numerator(), NodePiTable.EXPRESS);
        }
        if (x.column() == LoadgenSummary.Column.RATIO_TO_SLOWEST) {
            String endpoint = endpoint(s.study());
            return rpsRatioCell(r, s.row(device, stack, endpoint, x.concurrency()).orElse(null),
                    s.slowest(device, endpoint, x.concurrency()).orElse(null), m);
        }
        return Rounding.value(q, m, s.latencyResolution(device));
    }

    /**
     * The measured side of "x smallest": a stack's value over the smallest stack's, with its interval
     * where both are median throughputs (rps_median), bare for the quantities the studies do not
     * bootstrap.
     */
    static String overSmallest(Results r, StudyScope s, String device, String stack, String smallest, String metric,
            double ratio) {
        Metric x = Metric.parse(metric);
        if (x.column() == LoadgenSummary.Column.RPS_MEDIAN) {
            String endpoint = endpoint(s.study());
            return rpsRatioCell(r, s.row(device, stack, endpoint, x.concurrency()).orElse(null),
                    s.row(device, smallest, endpoint, x.concurrency()).orElse(null), ratio);
        }
        return Rounding.value(Quantity.RATIO, ratio);
    }

    /**
     * "Comparable with the seed's setup: x86 (12 of 31 rows comparable)." per device of the study:
     * the caption's count (outputs.md v4).
     */
    static String comparableCount(Results r, StudyScope s) {
        String source = Studies.SOURCE.get(s.study());
        List<String> parts = new ArrayList<>();
        for (String device : s.devices()) {
            List<dev.tpm.results.StudyVerdict> rows = r.studyVerdicts().stream()
                    .filter(v -> v.device().equals(device) && v.published().source().equals(source)).toList();
            long comparable = rows.stream().filter(dev.tpm.results.StudyVerdict::comparable).count();
            parts.add(device + ": " + comparable + " of " + rows.size() + (rows.size() == 1 ? " row" : " rows") + " comparable");
        }
        return "Comparable with the seed's setup (data/reference/setup.json): " + String.join("; ", parts) + ".";
    }

    /** 1 = largest, among the values given (ties share the better rank). */
    static int rank(double x, List<Double> values) {
        int above = 0;
        for (double v : values) if (v > x) above++;
        return above + 1;
    }

    @Override
    public TableModel build(Results r) {
        StudyScope scope = r.facts().study(study);
        TableModel.Builder t = TableModel.builder(name(), study + " beside its published numbers (" + Studies.SOURCE.get(study)
                + ", studies.md): each value the seed prints next to the same quantity measured by each device's campaigns"
                + " of the study. The seed ran on " + MACHINES.get(study) + ", not on these devices, so compare the order"
                + " of the stacks and the ratios, not the absolute values." + from(scope) + " " + comparableCount(r, scope));
        t.text("seed table").text("metric").text("stack").number("published").text("unit")
                .text("device").number("measured").text("rank (published / measured)")
                .text("x smallest (published / measured)").text("not comparable: differs in");
        Set<Quantity> used = EnumSet.of(Quantity.RATIO);
        List<String> notes = new ArrayList<>();
        {
            StudyScope s = scope;
            List<PublishedValue> published = Studies.published(r.facts().published(), study);
            // groups of (seed table, metric) in published.csv's order
            Map<String, List<PublishedValue>> groups = new LinkedHashMap<>();
            for (PublishedValue p : published) groups.computeIfAbsent(p.table() + "\u0000" + p.metric(), k -> new ArrayList<>()).add(p);
            for (List<PublishedValue> g : groups.values()) {
                Quantity q = Metric.parse(g.get(0).metric()).quantity(g.get(0).metric());
                used.add(q);
                for (String device : s.devices()) {
                    t.group();
                    Map<String, Double> pub = new LinkedHashMap<>();
                    Map<String, Double> mea = new LinkedHashMap<>();
                    for (PublishedValue p : g) {
                        pub.putIfAbsent(p.stack(), p.value());
                        mea.putIfAbsent(p.stack(), measured(r, s, device, p.stack(), p.metric()));
                    }
                    List<String> both = pub.keySet().stream().filter(k -> !Double.isNaN(mea.get(k))).toList();
                    List<Double> pubBoth = both.stream().map(pub::get).toList();
                    List<Double> meaBoth = both.stream().map(mea::get).toList();
                    double pubMin = pubBoth.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
                    double meaMin = meaBoth.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
                    String smallest = both.stream().filter(k -> mea.get(k) == meaMin).findFirst().orElse(null);
                    boolean sameOrder = true;
                    Set<String> differ = new java.util.LinkedHashSet<>();
                    for (PublishedValue p : g) {
                        double m = mea.get(p.stack());
                        boolean in = both.contains(p.stack()) && both.size() >= 2;
                        String rank = in ? rank(p.value(), pubBoth) + " / " + rank(m, meaBoth) : Rounding.MISSING;
                        String measuredCell = Double.isNaN(m)
                                ? Studies.notBuilt(study, p.stack()).map(Studies.NotBuilt::text).orElse(Rounding.MISSING)
                                : measuredCell(r, s, device, p.stack(), p.metric(), m, q);
                        if (in && rank(p.value(), pubBoth) != rank(m, meaBoth)) sameOrder = false;
                        String ratio = in ? Rounding.value(Quantity.RATIO, p.value() / pubMin) + " / "
                                + overSmallest(r, s, device, p.stack(), smallest, p.metric(), m / meaMin) : Rounding.MISSING;
                        String differs = r.studyVerdict(device, p).filter(v -> !v.comparable())
                                .map(v -> ReplicationTable.factorNames(v.differs())).orElse("");
                        if (in && !differs.isEmpty()) differ.addAll(List.of(differs.split(", ")));
                        t.row(p.table(), p.metric(), p.stack(), Rounding.plain(p.value()),
                                p.unit() + (p.note().isEmpty() ? "" : " *"), device, measuredCell, rank, ratio, differs);
                    }
                    if (both.size() >= 2) {
                        notes.add(g.get(0).table() + ", " + g.get(0).metric() + ", " + device + ": the "
                                + both.size() + " stacks both have are in " + (sameOrder ? "the same order" : "a different order")
                                + " (" + String.join(" > ", order(both, pub)) + " published; "
                                + String.join(" > ", order(both, mea)) + " measured)."
                                + (differ.isEmpty() ? "" : ReplicationTable.notComparableOrder(String.join(", ", differ))));
                    }
                }
            }
            for (PublishedValue p : published) {
                if (!p.note().isEmpty()) notes.add("* " + p.table() + ", " + p.stack() + ", " + p.metric() + ": " + p.note());
            }
            // the measured side of the comparison: were its runs host saturated?
            Set<String> compared = new java.util.HashSet<>();
            for (PublishedValue p : published) compared.add(p.stack());
            String saturation = saturationNote(s.rows().stream()
                    .filter(x -> x.endpoint().equals(endpoint(study)) && compared.contains(x.stack())).toList());
            if (saturation != null) notes.add("Measured values, h" + saturation.substring(1));
            java.util.Set<String> named = new java.util.LinkedHashSet<>();
            for (PublishedValue p : published) {
                if (!named.add(p.stack())) continue;
                s.stackInfo(p.stack()).map(dev.tpm.model.StackInfo::standIn).ifPresent(si -> notes.add(p.stack()
                        + ": measured by a stand-in for the seed's " + si.forServer() + ": " + si.why() + "."));
                Studies.notBuilt(study, p.stack()).ifPresent(n -> notes.add(p.stack() + " (the seed's " + n.language()
                        + " " + n.server() + "): " + n.text() + " (servers/" + n.stack() + "/README.md)."));
            }
        }
        t.notes(notes);
        t.note(ReplicationTable.COMPARABLE_NOTE);
        for (String d : r.studyVerdicts().stream().filter(v -> !v.comparable() && v.published().source().equals(Studies.SOURCE.get(study)))
                .map(v -> v.device() + ": " + v.differs()).distinct().toList()) {
            t.note("Differs: " + d + ".");
        }
        return t.note("rank: 1 = the largest value of the seed table and metric, over the stacks that both the seed and the"
                        + " device have (n/a with fewer than two); x smallest: the value over the smallest of those stacks'"
                        + " values. measured n/a: the device's campaigns have no such value (a stack the package does not"
                        + " have, an endpoint or concurrency not measured). The seeds' MB are compared with MiB. "
                        + ratioIntervalNote(r) + " The studies bootstrap median throughput only: a measured ratio of"
                        + " other quantities (best lap, latency, memory, CPU, a ratio over the smallest ratio) is bare.")
                .note(Rounding.note(used, scope.latencyResolution()) + " Published values unrounded.")
                .note("Measured values: tables/loadgen_summary.csv and tables/memory_checkpoints.csv. Published values:"
                        + " data/reference/published.csv.")
                .build();
    }

    private static List<String> order(List<String> stacks, Map<String, Double> v) {
        return stacks.stream().sorted((a, b) -> {
            int c = Double.compare(v.get(b), v.get(a));
            return c != 0 ? c : a.compareTo(b);
        }).toList();
    }
}
