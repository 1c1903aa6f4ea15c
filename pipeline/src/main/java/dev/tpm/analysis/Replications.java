package dev.tpm.analysis;

import dev.tpm.model.PublishedValue;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Replication;
import dev.tpm.results.ReplicationTau;
import dev.tpm.stats.KendallTau;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** analysis.md 7, replication: published values beside each device's, and the agreement of stack orders. */
final class Replications {
    private Replications() {}

    /** One row per (device, published row); rows kept when the data cannot supply the metric (measured NaN). */
    static List<Replication> rows(List<DeviceResults> devices, List<PublishedValue> published, StackOrder order) {
        return rows(devices, published, order, null);
    }

    /** As above, each row marked comparable or not ({@code comparability} null: every row comparable). */
    static List<Replication> rows(List<DeviceResults> devices, List<PublishedValue> published, StackOrder order,
            Comparability comparability) {
        List<Replication> out = new ArrayList<>();
        for (DeviceResults d : devices) {
            for (PublishedValue p : published) {
                double measured = ReplicationLookup.measured(d, p.stack(), p.metric());
                Comparability.Verdict v = comparability == null ? Comparability.Verdict.YES : comparability.of(d, p);
                out.add(new Replication(d.id(), p.table(), p.stack(), p.metric(), p.value(), measured, measured / p.value(),
                        v.comparable(), v.differs()));
            }
        }
        // stable: rows with the same key keep published.csv's order
        out.sort(Comparator.comparing(Replication::device).thenComparing(Replication::table)
                .thenComparing(Replication::stack, order.comparator()).thenComparing(Replication::metric, ReplicationLookup.order()));
        return out;
    }

    /**
     * Kendall's tau-b (scipy.stats.kendalltau defaults) of published vs measured values over the
     * stacks present in both, per device and metric with at least five such stacks
     * ({@link ReplicationTau#MIN_STACKS_FOR_TAU}, analysis.md 7 version 5); with two to four, the
     * row reports the two orders and no tau. When
     * published.csv gives one stack the same metric twice (in two tables), its first row counts.
     */
    static List<ReplicationTau> taus(List<DeviceResults> devices, List<PublishedValue> published) {
        return taus(devices, published, null);
    }

    /**
     * As above; a tau over a row that is not comparable says how its setups differ (the first such
     * row's differs, in stack order).
     */
    static List<ReplicationTau> taus(List<DeviceResults> devices, List<PublishedValue> published, Comparability comparability) {
        Map<String, Map<String, Double>> byMetric = new LinkedHashMap<>();
        Map<String, Map<String, PublishedValue>> rowOf = new LinkedHashMap<>();
        for (PublishedValue p : published) {
            byMetric.computeIfAbsent(p.metric(), k -> new LinkedHashMap<>()).putIfAbsent(p.stack(), p.value());
            rowOf.computeIfAbsent(p.metric(), k -> new LinkedHashMap<>()).putIfAbsent(p.stack(), p);
        }
        List<String> metrics = new ArrayList<>(byMetric.keySet());
        metrics.sort(ReplicationLookup.order());
        List<ReplicationTau> out = new ArrayList<>();
        for (DeviceResults d : devices) {
            for (String metric : metrics) {
                List<double[]> pairs = new ArrayList<>();
                List<String> stacks = new ArrayList<>();
                for (String stack : d.stacks()) {
                    Double pub = byMetric.get(metric).get(stack);
                    if (pub == null || Double.isNaN(pub)) continue;
                    double m = ReplicationLookup.measured(d, stack, metric);
                    if (!Double.isNaN(m)) {
                        pairs.add(new double[] {pub, m});
                        stacks.add(stack);
                    }
                }
                if (pairs.size() < 2) continue;
                List<String> publishedOrder = ascending(stacks, pairs, 0);
                List<String> measured = ascending(stacks, pairs, 1);
                String notComparable = "";
                for (String stack : stacks) {
                    if (comparability == null) break;
                    Comparability.Verdict v = comparability.of(d, rowOf.get(metric).get(stack));
                    if (!v.comparable()) {
                        notComparable = v.differs();
                        break;
                    }
                }
                if (pairs.size() < ReplicationTau.MIN_STACKS_FOR_TAU) {
                    out.add(new ReplicationTau(d.id(), metric, pairs.size(), Double.NaN, Double.NaN, publishedOrder, measured,
                            notComparable));
                    continue;
                }
                KendallTau.Result r = KendallTau.test(pairs.stream().mapToDouble(x -> x[0]).toArray(),
                        pairs.stream().mapToDouble(x -> x[1]).toArray());
                out.add(new ReplicationTau(d.id(), metric, pairs.size(), r.tau(), r.p(), publishedOrder, measured, notComparable));
            }
        }
        return out;
    }

    /** The stacks by ascending value of column c of pairs (stable: stack order breaks ties). */
    private static List<String> ascending(List<String> stacks, List<double[]> pairs, int c) {
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < stacks.size(); i++) idx.add(i);
        idx.sort(Comparator.comparingDouble(i -> pairs.get(i)[c]));
        return idx.stream().map(stacks::get).toList();
    }
}
