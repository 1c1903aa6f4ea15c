package dev.tpm.tables;

import dev.tpm.model.Endpoints;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.GroupStat;
import dev.tpm.results.StackPooled;
import dev.tpm.results.Weighted;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Look-ups into one device's results by key; absent rows are empty, never an error. */
final class Find {
    private Find() {}

    static Optional<GroupStat> groupStat(DeviceResults d, String stack, String endpoint, String metric) {
        return d.groupStats().stream()
                .filter(g -> g.stack().equals(stack) && g.endpoint().equals(endpoint) && g.metric().equals(metric))
                .findFirst();
    }

    static Optional<Weighted> weighted(DeviceResults d, String mix, String stack) {
        return d.weighted().stream().filter(w -> w.mix().equals(mix) && w.stack().equals(stack)).findFirst();
    }

    static Optional<StackPooled> pooled(DeviceResults d, String stack) {
        return d.stackPooled().stream().filter(p -> p.stack().equals(stack)).findFirst();
    }

    /** Endpoints that have group statistics of this metric, in Endpoints order. */
    static List<String> endpointsWith(DeviceResults d, String metric) {
        return d.groupStats().stream()
                .filter(g -> g.metric().equals(metric))
                .map(GroupStat::endpoint)
                .distinct()
                .sorted(Comparator.comparingInt(Endpoints::order).thenComparing(Comparator.naturalOrder()))
                .toList();
    }

    /** Stack order position in this device (unknown stacks last). */
    static int stackOrder(DeviceResults d, String stack) {
        int i = d.stacks().indexOf(stack);
        return i < 0 ? Integer.MAX_VALUE : i;
    }
}
