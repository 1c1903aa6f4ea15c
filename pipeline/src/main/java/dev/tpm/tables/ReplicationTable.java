package dev.tpm.tables;

import dev.tpm.model.PublishedValue;
import dev.tpm.model.Studies;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.MemorySummary;
import dev.tpm.results.Topology;
import dev.tpm.results.Replication;
import dev.tpm.results.ReplicationTau;
import dev.tpm.results.Results;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.IntSummaryStatistics;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Replication (new): every value the paper prints (reference/published.csv) beside each device's
 * measurement of the same quantity and the ratio measured / published, plus Kendall's tau-b of the
 * stack order per metric.
 */
public final class ReplicationTable implements SharedTable {
    @Override
    public String name() {
        return "replication";
    }

    @Override
    public Optional<String> lacking(Results r) {
        return paper(r).isEmpty()
                ? Optional.of("reference/published.csv has no rows")
                : Optional.empty();
    }

    @Override
    public TableModel build(Results r) {
        List<PublishedValue> published = ordered(r);
        String source = published.stream().map(PublishedValue::source).distinct().sorted()
                .reduce((a, b) -> a + ", " + b).orElse("");
        TableModel.Builder t = TableModel.builder(name(), "Replication (new; no paper table): values published for"
                + " the paper's Raspberry Pi 5 (" + source + ") beside each device's measurement. Measured on "
                + TableText.devicesSource(r) + ". " + topologies(r) + " " + comparableCount(r));
        t.text("paper table").text("metric").text("stack").number("published").text("unit (paper)");
        for (DeviceResults d : r.devices()) {
            t.number(d.id() + " measured").number(d.id() + " measured / published").text(d.id() + " not comparable: differs in");
        }
        Set<Quantity> used = EnumSet.of(Quantity.RATIO);
        String previous = null;
        for (PublishedValue p : published) {
            if (!p.metric().equals(previous)) t.group();
            previous = p.metric();
            Quantity q = dev.tpm.results.PaperName.parse(p.metric()).quantity();
            used.add(q);
            List<String> cells = new ArrayList<>(List.of(p.table(), p.metric(), p.stack(),
                    DerivedValue.of(p.note()).map(DerivedValue::text).orElse(Rounding.plain(p.value())),
                    p.unit() + (p.note().isEmpty() ? "" : " *")));
            for (DeviceResults d : r.devices()) {
                Optional<Replication> m = r.replication().stream()
                        .filter(x -> x.device().equals(d.id()) && x.table().equals(p.table())
                                && x.stack().equals(p.stack()) && x.metric().equals(p.metric()))
                        .findFirst();
                cells.add(Rounding.value(q, m.map(Replication::measured).orElse(Double.NaN), LatencySources.phases12(r, d)));
                cells.add(WINDOW_COUNTS.contains(p.metric()) ? NOT_COMPARED
                        : Rounding.value(Quantity.RATIO, m.map(Replication::ratio).orElse(Double.NaN)));
                cells.add(m.filter(x -> !x.comparable()).map(x -> factorNames(x.differs())).orElse(""));
            }
            t.row(cells);
        }
        t.note("Published values as the paper prints them. Assumption: the paper's MB is read as MiB (2^20 bytes),"
                + " as measured sizes here are KiB / 1024 and rates are per MiB; had the paper meant 10^6 bytes, its"
                + " sizes would be 4.6 % smaller in MiB (x 0.954) and its rates per MB 4.9 % larger per MiB. Metric"
                + " names as in published.csv: w_* under the declared mix, x:endpoint a group median, rps_cN /"
                + " p99_ms_cN the sweep at concurrency N, min_rps and peak_rps the smallest and largest median over the"
                + " sweep, peak_rss_mib_min_endpoint / _max_endpoint the ends of the five CRUD endpoints' peak RSS,"
                + " x/other the stack's x over the other stack's x (a ratio), endpoints_higher:x:other on how many of the"
                + " five CRUD endpoints the stack's median x is above the other stack's, posthoc_* the device's whole"
                + " post-hoc family (stack all).");
        if (published.stream().anyMatch(p -> WINDOW_COUNTS.contains(p.metric()))) t.note(memoryWindows(r));
        if (published.stream().anyMatch(p -> DerivedValue.of(p.note()).isPresent())) {
            t.note("~: a value the paper does not print but that follows from a rounded ratio in its text, shown"
                    + " with the significant digits its inputs carry and, in brackets, the range that the rounding of"
                    + " those inputs leaves open; the ratio column uses the unrounded product.");
        }
        for (PublishedValue p : published) {
            if (!p.note().isEmpty()) {
                t.note("* " + p.table() + ", " + p.stack() + ", " + p.metric() + ": " + p.note());
            }
        }
        t.note(COMPARABLE_NOTE);
        for (String differs : distinctDiffers(r)) t.note("Differs: " + differs + ".");
        for (ReplicationTau tau : r.replicationTau()) {
            String over = tau.comparable() ? "" : notComparableOrder(factorNames(tau.notComparable()));
            if (tau.hasTau()) {
                t.note("Kendall's tau-b of the stack order, published vs " + tau.device() + ", " + tau.metric() + " ("
                        + tau.stacks() + " stacks): tau = " + Rounding.value(Quantity.EFFECT, tau.kendallTau())
                        + ", p = " + Rounding.p(tau.p()) + "." + over);
            } else {
                t.note("Stack order by " + tau.metric() + " (" + tau.stacks() + " stacks, too few for Kendall's tau: analysis.md 7 asks for "
                        + ReplicationTau.MIN_STACKS_FOR_TAU + "),"
                        + " ascending: published " + String.join(" < ", tau.publishedOrder()) + "; " + tau.device()
                        + " " + String.join(" < ", tau.measuredOrder()) + "." + over);
            }
        }
        return t.note("A measured value is n/a where the device has no such measurement.")
                .note(Rounding.note(used) + " Published values unrounded.")
                .note(TableText.sourceNote("replication.csv") + " Published values: data/reference/published.csv.")
                .build();
    }

    /** What "comparable" means (analysis.md 7), for this table and the seed studies' replication tables. */
    static final String COMPARABLE_NOTE = "Comparable (analysis.md 7): the device's setup equals the source's"
            + " (data/reference/setup.json) on every factor the row's category depends on (throughput and latency: model,"
            + " arch, server cores, load generator host; efficiency: those and page size; delete: those and the DELETE"
            + " table's size; memory: arch and page size; startup and energy: model and arch; size: arch; tests: runs and"
            + " stacks). A row that is not comparable is kept and its column names the factors that differ; no statement"
            + " that a published value holds or does not hold rests on it.";

    /** "go: 3 of 54 rows comparable; ...": per device, how many of its rows are comparable (the caption's count). */
    public static String comparableCount(Results r) {
        List<String> parts = new ArrayList<>();
        for (DeviceResults d : r.devices()) {
            List<Replication> rows = r.replication().stream().filter(x -> x.device().equals(d.id())).toList();
            long comparable = rows.stream().filter(Replication::comparable).count();
            parts.add(d.id() + ": " + comparable + " of " + rows.size() + (rows.size() == 1 ? " row" : " rows") + " comparable");
        }
        return "Comparable with the paper's setup: " + String.join("; ", parts) + ".";
    }

    /** What an order over rows that are not comparable is, given the names of the factors that differ. */
    static String notComparableOrder(String factorNames) {
        return " Over rows that are not comparable (" + factorNames + (factorNames.contains(",") ? " differ" : " differs")
                + "): an order of another setup, not a replication test.";
    }

    /** "model, arch" from "model: a vs b; arch: c vs d". */
    static String factorNames(String differs) {
        return String.join(", ", java.util.Arrays.stream(differs.split("; ")).map(f -> f.substring(0, f.indexOf(':'))).toList());
    }

    /** Each device's distinct differs texts, "device: differs", in row order. */
    private static List<String> distinctDiffers(Results r) {
        return r.replication().stream().filter(x -> !x.comparable()).map(x -> x.device() + ": " + x.differs()).distinct().toList();
    }

    /** Memory counts that grow with the length of the series: compared only as rates per minute. */
    static final Set<String> WINDOW_COUNTS = Set.of("growth_mib", "drops");

    /** The ratio cell of a count over a window of another length. */
    static final String NOT_COMPARED = "windows differ";

    /** "Setups: the paper's ...; x86-vm-2c: ...": each device's topology beside the paper's, for the caption. */
    static String topologies(Results r) {
        StringBuilder b = new StringBuilder("Setups: the paper's Raspberry Pi 5: " + Topology.PAPER.describe() + ".");
        for (DeviceResults d : r.devices()) b.append(' ').append(d.id()).append(": ").append(d.topology().describe()).append('.');
        return b.toString();
    }

    /**
     * The windows of the memory series (phase 3): the paper's, derived ({@link
     * Topology#PAPER_MEMORY_WINDOW_S}), and each device's from memory.csv (series per stack and
     * their median duration_s); counts over them are not compared, their rates per minute are.
     */
    static String memoryWindows(Results r) {
        StringBuilder b = new StringBuilder("Memory series (phase 3) windows: the paper's about "
                + Rounding.value(Quantity.SECONDS, Topology.PAPER_MEMORY_WINDOW_S).replaceAll("\\.0$", "")
                + " s per stack (not printed in its summary: 3,314 snapshots at about 130 ms over five stacks)");
        for (DeviceResults d : r.devices()) {
            if (d.memory().isEmpty()) {
                b.append("; ").append(d.id()).append(": no memory series");
                continue;
            }
            DoubleSummaryStatistics dur = d.memory().stream().mapToDouble(MemorySummary::durationS).filter(x -> !Double.isNaN(x))
                    .summaryStatistics();
            IntSummaryStatistics series = d.memory().stream().mapToInt(MemorySummary::series).summaryStatistics();
            String n = series.getMin() == series.getMax() ? Integer.toString(series.getMin()) : series.getMin() + "-" + series.getMax();
            String s = Rounding.value(Quantity.SECONDS, dur.getMin());
            String e = Rounding.value(Quantity.SECONDS, dur.getMax());
            b.append("; ").append(d.id()).append(": ").append(n).append(" series per stack of ")
                    .append(s.equals(e) ? s : s + "-" + e).append(" s each (memory.csv duration_s, median per stack)");
        }
        return b.append(". growth_mib and drops count over the whole window, so their ratio is not shown (\"" + NOT_COMPARED
                + "\"); growth_mib_per_min (growth_mib / duration_s x 60) and drops_per_min (drops / (series x duration_s)"
                + " x 60) compare them at equal length, assuming a steady rate.").toString();
    }

    /** Grouped by metric (first appearance in published.csv), then stack order, then paper table. */
    private static List<PublishedValue> ordered(Results r) {
        List<PublishedValue> all = paper(r);
        List<String> metrics = all.stream().map(PublishedValue::metric).distinct().toList();
        return all.stream()
                .sorted(Comparator.comparingInt((PublishedValue p) -> metrics.indexOf(p.metric()))
                        .thenComparingInt(p -> stackIndex(r, p.stack()))
                        .thenComparing(PublishedValue::stack)
                        .thenComparing(PublishedValue::table))
                .toList();
    }

    /** The paper's own published values; the seed studies' have their own table. */
    private static List<PublishedValue> paper(Results r) {
        return Studies.published(r.facts().published(), Studies.PAPER);
    }

    private static int stackIndex(Results r, String stack) {
        int i = r.stackOrder().indexOf(stack);
        return i < 0 ? Integer.MAX_VALUE : i;
    }
}
