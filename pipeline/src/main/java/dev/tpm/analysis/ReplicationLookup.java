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
 *   <li>sweep: {@code rps_c<N>} and {@code p99_ms_c<N>} (medians at concurrency N), {@code peak_rps}</li>
 *   <li>memory: {@code first_mib}, {@code min_mib}, {@code max_mib}, {@code last_mib},
 *       {@code growth_mib}, {@code drops}</li>
 *   <li>a group median {@code <metric>:<endpoint>}, e.g. {@code peak_rss_mib:get_item}</li>
 * </ul>
 * A name outside it, or a value the data cannot supply, is NaN.
 */
final class ReplicationLookup {
    static final List<String> WEIGHTED = List.of("w_rps", "w_peak_mib", "w_rps_per_mib", "w_p99_ms", "w_energy_mj");
    static final List<String> POOLED = List.of("idle_rss_mib", "startup_ms", "artifact_mib");
    static final List<String> MEMORY = List.of("first_mib", "min_mib", "max_mib", "last_mib", "growth_mib", "drops");
    static final String PEAK_RPS = "peak_rps";
    private static final Pattern SWEEP = Pattern.compile("(rps|p99_ms)_c([0-9]+)");
    private static final Pattern GROUP = Pattern.compile("([a-z0-9_]+):([a-z0-9_]+)");

    private ReplicationLookup() {}

    static double measured(DeviceResults d, String stack, String metric) {
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
                default -> x.drops();
            };
        }
        Matcher group = GROUP.matcher(metric);
        if (group.matches() && Metrics.ALL.contains(group.group(1))) {
            return d.groupStats().stream()
                    .filter(g -> g.stack().equals(stack) && g.endpoint().equals(group.group(2)) && g.metric().equals(group.group(1)))
                    .mapToDouble(GroupStat::median).findFirst().orElse(Double.NaN);
        }
        return Double.NaN;
    }

    /**
     * Output order of metric names: the forms in the order above (weighted, pooled, sweep by
     * concurrency with rps before p99 at each level, peak_rps, memory, group medians by metric
     * then endpoint), unknown names last in code-point order.
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
        if (m.equals(PEAK_RPS)) return 3;
        if (MEMORY.contains(m)) return 4;
        if (GROUP.matcher(m).matches()) return 5;
        return 6;
    }

    private static long within(String m) {
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
