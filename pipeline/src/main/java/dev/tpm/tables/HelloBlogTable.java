package dev.tpm.tables;

import dev.tpm.model.Endpoints;
import dev.tpm.model.Studies;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import dev.tpm.results.Quantity;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;

/**
 * hello_blog (studies.md, seed 001): per device, stack and concurrency, the median throughput, the
 * medians of p50, p90 and p99, and the ratio to the slowest stack, as the blog post's table.
 */
public final class HelloBlogTable extends StudyTable {
    @Override
    public String name() {
        return "hello_blog";
    }

    @Override
    public String study() {
        return Studies.HELLO_BLOG;
    }

    @Override
    public TableModel build(Results r) {
        StudyScope s = r.facts().study(study());
        TableModel.Builder t = TableModel.builder(name(), "hello-blog (the wrk blog post's table, seed 001): GET / plain text"
                + " per stack and concurrency, medians over the measured runs." + from(s));
        t.text("device").text("stack").number("concurrency").number("throughput (req/s)").number("p50 (ms)")
                .number("p90 (ms)").number("p99 (ms)").number("x slowest [" + TableText.ciLabel(r) + "]").text("host saturated");
        List<LoadgenSummary> rows = s.rows().stream().filter(x -> x.endpoint().equals(Endpoints.HELLO))
                .sorted(Comparator.comparing(LoadgenSummary::device).thenComparingInt(x -> s.stacks().indexOf(x.stack()))
                        .thenComparingInt(LoadgenSummary::concurrency))
                .toList();
        String previous = null;
        for (LoadgenSummary x : rows) {
            String group = x.device() + "/" + x.stack();
            if (!group.equals(previous)) t.group();
            previous = group;
            t.row(x.device(), x.stack(), Integer.toString(x.concurrency()), Rounding.value(Quantity.RPS, x.rpsMedian()),
                    Rounding.latency(x.latP50Ms(), s.latencyResolution(x.device())),
                    Rounding.latency(x.latP90Ms(), s.latencyResolution(x.device())),
                    Rounding.latency(x.latP99Ms(), s.latencyResolution(x.device())),
                    rpsRatioCell(r, x, s.slowest(x.device(), x.endpoint(), x.concurrency()).orElse(null), x.ratioToSlowest()),
                    saturatedCell(x));
        }
        List<String> missing = s.stacks().stream().filter(st -> rows.stream().noneMatch(x -> x.stack().equals(st))).toList();
        if (!missing.isEmpty()) t.note("No measured run of GET / (hello): " + String.join(", ", missing) + ".");
        String saturation = saturationNote(rows);
        if (saturation != null) t.note(saturation);
        return t.note("x slowest: median throughput / the smallest median throughput among the stacks at the same device"
                        + " and concurrency (the post's \"vs Flask\"), without an interval on the slowest itself. "
                        + ratioIntervalNote(r) + " " + SATURATED_COLUMN + " n/a: no run has the value.")
                .note(Rounding.note(EnumSet.of(Quantity.RPS, Quantity.LATENCY_MS, Quantity.RATIO), s.latencyResolution()))
                .note(TableText.sourceNote("loadgen_summary.csv"))
                .build();
    }
}
