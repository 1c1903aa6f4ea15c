package dev.tpm.analysis;

import dev.tpm.model.Endpoints;
import dev.tpm.model.Metrics;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.GroupStat;
import dev.tpm.results.MemorySummary;
import dev.tpm.results.Metric;
import dev.tpm.results.PaperName;
import dev.tpm.results.StackPooled;
import dev.tpm.results.SweepPoint;
import dev.tpm.results.SweepSummary;
import dev.tpm.results.Weighted;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The measured value behind a metric name of reference/published.csv, for one device and stack.
 * The vocabulary (agreed with whoever fills published.csv):
 * <ul>
 *   <li>weighted under the declared mix: {@code w_rps}, {@code w_peak_mib}, {@code w_rps_per_mib},
 *       {@code w_p99_ms}, {@code w_energy_mj}</li>
 *   <li>stack-pooled: {@code idle_rss_mib}, {@code startup_ms} (medians), {@code artifact_mib}</li>
 *   <li>sweep: {@code rps_c<N>} and {@code p99_ms_c<N>} (medians at concurrency N), {@code peak_rps},
 *       {@code min_rps} (the smallest median rps over the sweep's levels), {@code
 *       plateau_concurrency} (sweep_summary; NaN without a plateau)</li>
 *   <li>memory: {@code first_mib}, {@code min_mib}, {@code max_mib}, {@code last_mib},
 *       {@code growth_mib}, {@code drops}, and the rates that compare across windows of different
 *       length: {@code growth_mib_per_min} = growth_mib / duration_s x 60 and {@code drops_per_min}
 *       = drops / (series x duration_s) x 60 (memory.csv's drops are the total over its series,
 *       duration_s the median series length)</li>
 *   <li>a group median {@code <metric>:<endpoint>}, e.g. {@code peak_rss_mib:get_item}</li>
 *   <li>{@code peak_rss_mib_min_endpoint}, {@code peak_rss_mib_max_endpoint}: the smallest and the
 *       largest of the five CRUD endpoints' median peak RSS (NaN unless all five have one), the ends
 *       of a per-endpoint range</li>
 *   <li>{@code endpoints_higher:<metric>:<other>}: on how many of the five CRUD endpoints the
 *       stack's median of a group metric is above the other stack's (NaN unless both have all five)</li>
 *   <li>{@code <name>/<other>}: the ratio of the stack's value of any name above to the other
 *       stack's, e.g. {@code w_peak_mib/rust} on python (the paper's "32.2x")</li>
 *   <li>the post-hoc family of the device, on the stack {@code all} or an empty stack (data.md): {@code posthoc_comparisons},
 *       {@code posthoc_significant}, {@code posthoc_significant_share} (significant / comparisons)</li>
 * </ul>
 * A name outside it, or a value the data cannot supply, is NaN. The names are parsed by {@link PaperName}.
 */
final class ReplicationLookup {
    private static final double SECONDS_PER_MINUTE = 60;

    private ReplicationLookup() {}

    static double measured(DeviceResults d, String stack, String metric) {
        PaperName name = PaperName.parse(metric);
        if (name instanceof PaperName.StackRatio r) return single(d, stack, r.single()) / single(d, r.other(), r.single());
        return single(d, stack, name);
    }

    private static double single(DeviceResults d, String stack, PaperName name) {
        if (name instanceof PaperName.Posthoc p) {
            if (!(stack.equals(PaperName.ALL_STACKS) || stack.isEmpty()) || d.posthocSummary() == null
                    || d.posthocSummary().comparisons() == 0) return Double.NaN;
            int c = d.posthocSummary().comparisons();
            int sig = d.posthocSummary().significant();
            return switch (p.kind()) {
                case COMPARISONS -> c;
                case SIGNIFICANT -> sig;
                case SIGNIFICANT_SHARE -> (double) sig / c;
            };
        }
        if (name instanceof PaperName.PeakRange range) {
            double[] v = Endpoints.CRUD.stream().mapToDouble(e -> groupMedian(d, stack, e, Metrics.PEAK_RSS_MIB)).toArray();
            if (Arrays.stream(v).anyMatch(Double::isNaN)) return Double.NaN;
            return range.max() ? Arrays.stream(v).max().orElseThrow() : Arrays.stream(v).min().orElseThrow();
        }
        if (name instanceof PaperName.Higher higher) {
            Metric m = higher.tested();
            if (m == null) return Double.NaN;
            int count = 0;
            for (String e : Endpoints.CRUD) {
                double a = groupMedian(d, stack, e, m.id());
                double b = groupMedian(d, higher.other(), e, m.id());
                if (Double.isNaN(a) || Double.isNaN(b)) return Double.NaN;
                if (a > b) count++;
            }
            return count;
        }
        if (name instanceof PaperName.Aggregate agg && agg.metric().role() == Metric.Role.WEIGHTED) {
            Optional<Weighted> row = d.weighted().stream()
                    .filter(x -> x.mix().equals(d.declaredMix()) && x.stack().equals(stack)).findFirst();
            return row.map(x -> agg.metric().in(x).value()).orElse(Double.NaN);
        }
        if (name instanceof PaperName.Aggregate || name instanceof PaperName.Artifact) {
            Optional<StackPooled> p = d.stackPooled().stream().filter(x -> x.stack().equals(stack)).findFirst();
            if (p.isEmpty()) return Double.NaN;
            if (name instanceof PaperName.Artifact) return p.get().artifactMib();
            return ((PaperName.Aggregate) name).metric() == Metric.POOLED_IDLE_RSS_MIB
                    ? p.get().idleRssMib().value() : p.get().startupMs().value();
        }
        if (name instanceof PaperName.SweepSummary s) {
            return switch (s.kind()) {
                case PEAK_RPS -> d.sweepSummary().stream().filter(x -> x.stack().equals(stack)).mapToDouble(SweepSummary::peakRps)
                        .findFirst().orElse(Double.NaN);
                case MIN_RPS -> d.sweep().stream().filter(p -> p.stack().equals(stack)).mapToDouble(p -> p.rps().value())
                        .filter(x -> !Double.isNaN(x)).min().orElse(Double.NaN);
                case PLATEAU_CONCURRENCY -> d.sweepSummary().stream()
                        .filter(x -> x.stack().equals(stack) && x.plateauConcurrency() != null)
                        .mapToDouble(x -> x.plateauConcurrency()).findFirst().orElse(Double.NaN);
            };
        }
        if (name instanceof PaperName.Sweep sweep) {
            if (sweep.concurrency() < 0) return Double.NaN;
            ToDoubleFunction<SweepPoint> f = sweep.rps() ? p -> p.rps().value() : p -> p.p99Ms().value();
            return d.sweep().stream().filter(p -> p.stack().equals(stack) && p.concurrency() == sweep.concurrency()).mapToDouble(f)
                    .findFirst().orElse(Double.NaN);
        }
        if (name instanceof PaperName.Memory mem) {
            Optional<MemorySummary> s = d.memory().stream().filter(x -> x.stack().equals(stack)).findFirst();
            if (s.isEmpty()) return Double.NaN;
            MemorySummary x = s.get();
            return switch (mem.kind()) {
                case FIRST_MIB -> x.firstMib();
                case MIN_MIB -> x.minMib();
                case MAX_MIB -> x.maxMib();
                case LAST_MIB -> x.lastMib();
                case GROWTH_MIB -> x.growthMib();
                case DROPS -> x.drops();
                case GROWTH_MIB_PER_MIN -> x.growthMib() / x.durationS() * SECONDS_PER_MINUTE;
                case DROPS_PER_MIN -> x.drops() / (x.series() * x.durationS()) * SECONDS_PER_MINUTE;
            };
        }
        if (name instanceof PaperName.Group g && g.tested() != null) return groupMedian(d, stack, g.endpoint(), g.metric());
        return Double.NaN;
    }

    private static double groupMedian(DeviceResults d, String stack, String endpoint, String metric) {
        return d.groupStats().stream()
                .filter(g -> g.stack().equals(stack) && g.endpoint().equals(endpoint) && g.metric().equals(metric))
                .mapToDouble(GroupStat::median).findFirst().orElse(Double.NaN);
    }

    /**
     * Output order of metric names ({@link PaperName#form()}, then {@link PaperName#within()}):
     * weighted, pooled, sweep by concurrency with rps before p99 at each level, the sweep summary's
     * names, memory, the peak-RSS range, group medians by metric then endpoint, endpoint counts,
     * the post-hoc family, ratios between stacks (code-point order), unknown names last in
     * code-point order.
     */
    static Comparator<String> order() {
        return Comparator.<String>comparingInt(m -> PaperName.parse(m).form())
                .thenComparingLong(m -> PaperName.parse(m).within())
                .thenComparing(Comparator.naturalOrder());
    }
}
