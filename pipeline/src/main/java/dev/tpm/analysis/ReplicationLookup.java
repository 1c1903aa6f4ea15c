package dev.tpm.analysis;

import dev.tpm.model.Endpoints;
import dev.tpm.model.Metrics;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.GroupStat;
import dev.tpm.results.MemorySummary;
import dev.tpm.results.StackPooled;
import dev.tpm.results.SweepPoint;
import dev.tpm.results.SweepSummary;
import dev.tpm.results.Weighted;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * A name outside it, or a value the data cannot supply, is NaN.
 */
final class ReplicationLookup {
    static final List<String> WEIGHTED = List.of("w_rps", "w_peak_mib", "w_rps_per_mib", "w_p99_ms", "w_energy_mj");
    static final List<String> POOLED = List.of("idle_rss_mib", "startup_ms", "artifact_mib");
    static final List<String> MEMORY = List.of("first_mib", "min_mib", "max_mib", "last_mib", "growth_mib", "drops",
            "growth_mib_per_min", "drops_per_min");
    static final String PEAK_RPS = "peak_rps";
    static final List<String> SWEEP_SUMMARY = List.of(PEAK_RPS, "min_rps", "plateau_concurrency");
    static final List<String> PEAK_RANGE = List.of("peak_rss_mib_min_endpoint", "peak_rss_mib_max_endpoint");
    /** The stack of published.csv's rows about the device's whole post-hoc family. */
    static final String ALL_STACKS = "all";
    static final List<String> POSTHOC = List.of("posthoc_comparisons", "posthoc_significant", "posthoc_significant_share");
    private static final double SECONDS_PER_MINUTE = 60;
    private static final Pattern HIGHER = Pattern.compile("endpoints_higher:([a-z0-9_]+):([A-Za-z0-9._+-]+)");
    private static final Pattern RATIO = Pattern.compile("([^/]+)/([A-Za-z0-9._+-]+)");
    private static final Pattern SWEEP = Pattern.compile("(rps|p99_ms)_c([0-9]+)");
    private static final Pattern GROUP = Pattern.compile("([a-z0-9_]+):([a-z0-9_]+)");

    private ReplicationLookup() {}

    static double measured(DeviceResults d, String stack, String metric) {
        Matcher ratio = RATIO.matcher(metric);
        if (ratio.matches()) {
            return single(d, stack, ratio.group(1)) / single(d, ratio.group(2), ratio.group(1));
        }
        return single(d, stack, metric);
    }

    private static double single(DeviceResults d, String stack, String metric) {
        if (POSTHOC.contains(metric)) {
            if (!(stack.equals(ALL_STACKS) || stack.isEmpty()) || d.posthocSummary() == null || d.posthocSummary().comparisons() == 0) return Double.NaN;
            int c = d.posthocSummary().comparisons();
            int sig = d.posthocSummary().significant();
            return switch (POSTHOC.indexOf(metric)) {
                case 0 -> c;
                case 1 -> sig;
                default -> (double) sig / c;
            };
        }
        int range = PEAK_RANGE.indexOf(metric);
        if (range >= 0) {
            double[] v = Endpoints.CRUD.stream().mapToDouble(e -> groupMedian(d, stack, e, Metrics.PEAK_RSS_MIB)).toArray();
            if (java.util.Arrays.stream(v).anyMatch(Double::isNaN)) return Double.NaN;
            return range == 0 ? java.util.Arrays.stream(v).min().orElseThrow() : java.util.Arrays.stream(v).max().orElseThrow();
        }
        Matcher higher = HIGHER.matcher(metric);
        if (higher.matches()) {
            if (!Metrics.ALL.contains(higher.group(1))) return Double.NaN;
            int count = 0;
            for (String e : Endpoints.CRUD) {
                double a = groupMedian(d, stack, e, higher.group(1));
                double b = groupMedian(d, higher.group(2), e, higher.group(1));
                if (Double.isNaN(a) || Double.isNaN(b)) return Double.NaN;
                if (a > b) count++;
            }
            return count;
        }
        int w = WEIGHTED.indexOf(metric);
        if (w >= 0) {
            Optional<Weighted> row = d.weighted().stream()
                    .filter(x -> x.mix().equals(d.declaredMix()) && x.stack().equals(stack)).findFirst();
            if (row.isEmpty()) return Double.NaN;
            Weighted x = row.get();
            Estimate e = switch (w) {
                case 0 -> x.wRps();
                case 1 -> x.wPeakMib();
                case 2 -> x.wRpsPerMib();
                case 3 -> x.wP99Ms();
                default -> x.wEnergyMj();
            };
            return e.value();
        }
        if (POOLED.contains(metric)) {
            Optional<StackPooled> p = d.stackPooled().stream().filter(x -> x.stack().equals(stack)).findFirst();
            if (p.isEmpty()) return Double.NaN;
            return switch (metric) {
                case "idle_rss_mib" -> p.get().idleRssMib().value();
                case "startup_ms" -> p.get().startupMs().value();
                default -> p.get().artifactMib();
            };
        }
        if (metric.equals(PEAK_RPS)) {
            return d.sweepSummary().stream().filter(x -> x.stack().equals(stack)).mapToDouble(SweepSummary::peakRps)
                    .findFirst().orElse(Double.NaN);
        }
        if (metric.equals("min_rps")) {
            return d.sweep().stream().filter(p -> p.stack().equals(stack)).mapToDouble(p -> p.rps().value())
                    .filter(x -> !Double.isNaN(x)).min().orElse(Double.NaN);
        }
        if (metric.equals("plateau_concurrency")) {
            return d.sweepSummary().stream().filter(x -> x.stack().equals(stack) && x.plateauConcurrency() != null)
                    .mapToDouble(x -> x.plateauConcurrency()).findFirst().orElse(Double.NaN);
        }
        Matcher sweep = SWEEP.matcher(metric);
        if (sweep.matches()) {
            int c;
            try {
                c = Integer.parseInt(sweep.group(2));
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
            ToDoubleFunction<SweepPoint> f = sweep.group(1).equals("rps") ? p -> p.rps().value() : p -> p.p99Ms().value();
            return d.sweep().stream().filter(p -> p.stack().equals(stack) && p.concurrency() == c).mapToDouble(f)
                    .findFirst().orElse(Double.NaN);
        }
        int m = MEMORY.indexOf(metric);
        if (m >= 0) {
            Optional<MemorySummary> s = d.memory().stream().filter(x -> x.stack().equals(stack)).findFirst();
            if (s.isEmpty()) return Double.NaN;
            MemorySummary x = s.get();
            return switch (m) {
                case 0 -> x.firstMib();
                case 1 -> x.minMib();
                case 2 -> x.maxMib();
                case 3 -> x.lastMib();
                case 4 -> x.growthMib();
                case 5 -> x.drops();
                case 6 -> x.growthMib() / x.durationS() * SECONDS_PER_MINUTE;
                default -> x.drops() / (x.series() * x.durationS()) * SECONDS_PER_MINUTE;
            };
        }
        Matcher group = GROUP.matcher(metric);
        if (group.matches() && Metrics.ALL.contains(group.group(1))) return groupMedian(d, stack, group.group(2), group.group(1));
        return Double.NaN;
    }

    private static double groupMedian(DeviceResults d, String stack, String endpoint, String metric) {
        return d.groupStats().stream()
                .filter(g -> g.stack().equals(stack) && g.endpoint().equals(endpoint) && g.metric().equals(metric))
                .mapToDouble(GroupStat::median).findFirst().orElse(Double.NaN);
    }

    /**
     * Output order of metric names: weighted, pooled, sweep by concurrency with rps before p99 at
     * each level, the sweep summary's names, memory, the peak-RSS range, group medians by metric
     * then endpoint, endpoint counts, the post-hoc family, ratios between stacks (code-point
     * order), unknown names last in code-point order.
     */
    static Comparator<String> order() {
        return Comparator.<String>comparingInt(ReplicationLookup::form)
                .thenComparingLong(ReplicationLookup::within)
                .thenComparing(Comparator.naturalOrder());
    }

    private static int form(String m) {
        if (WEIGHTED.contains(m)) return 0;
        if (POOLED.contains(m)) return 1;
        if (SWEEP.matcher(m).matches()) return 2;
        if (SWEEP_SUMMARY.contains(m)) return 3;
        if (MEMORY.contains(m)) return 4;
        if (PEAK_RANGE.contains(m)) return 5;
        if (GROUP.matcher(m).matches()) return 6;
        if (HIGHER.matcher(m).matches()) return 7;
        if (POSTHOC.contains(m)) return 8;
        if (RATIO.matcher(m).matches()) return 9;
        return 10;
    }

    private static long within(String m) {
        if (SWEEP_SUMMARY.contains(m)) return SWEEP_SUMMARY.indexOf(m);
        if (PEAK_RANGE.contains(m)) return PEAK_RANGE.indexOf(m);
        if (POSTHOC.contains(m)) return POSTHOC.indexOf(m);
        if (WEIGHTED.contains(m)) return WEIGHTED.indexOf(m);
        if (POOLED.contains(m)) return POOLED.indexOf(m);
        if (MEMORY.contains(m)) return MEMORY.indexOf(m);
        Matcher s = SWEEP.matcher(m);
        if (s.matches()) {
            String digits = s.group(2);
            long c = digits.length() > 12 ? Long.MAX_VALUE / 2 : Long.parseLong(digits);
            return c * 2 + (s.group(1).equals("rps") ? 0 : 1);
        }
        Matcher g = GROUP.matcher(m);
        if (g.matches()) return (long) Metrics.order(g.group(1)) * 100 + Endpoints.order(g.group(2));
        return 0;
    }
}
