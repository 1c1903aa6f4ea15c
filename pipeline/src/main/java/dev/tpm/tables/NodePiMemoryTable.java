package dev.tpm.tables;

import dev.tpm.model.Studies;
import dev.tpm.results.MemoryCheckpoint;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import dev.tpm.results.Quantity;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * node_pi_memory (studies.md, seed 003): per device and stack of the study, the RSS at the start,
 * after 1 min and after 5 min of sustained load (memory_checkpoints.csv, t = 0, 60, 300 s).
 */
public final class NodePiMemoryTable extends StudyTable {
    static final double[] CHECKPOINTS_S = {0, 60, 300};

    @Override
    public String name() {
        return "node_pi_memory";
    }

    @Override
    public String study() {
        return Studies.NODE_PI;
    }

    @Override
    public Optional<String> lacking(Results r) {
        Optional<String> base = super.lacking(r);
        if (base.isPresent()) return base;
        StudyScope s = r.facts().study(study());
        return checkpoints(r, s).isEmpty()
                ? Optional.of("no memory series (phase 3) of the node-pi stacks on the study's devices")
                : Optional.empty();
    }

    static List<MemoryCheckpoint> checkpoints(Results r, StudyScope s) {
        return r.memoryCheckpoints().stream()
                .filter(c -> s.devices().contains(c.device()) && s.stacks().contains(c.stack())).toList();
    }

    @Override
    public TableModel build(Results r) {
        StudyScope s = r.facts().study(study());
        List<MemoryCheckpoint> all = checkpoints(r, s);
        TableModel.Builder t = TableModel.builder(name(), "node-pi memory growth (the guide's \"start / after 1 min /"
                + " after 5 min\", seed 003): RSS of the server's process tree under sustained load." + from(s));
        t.text("device").text("stack").number("start (MiB)").number("after 1 min (MiB)").number("after 5 min (MiB)")
                .number("series");
        for (String device : s.devices()) {
            t.group();
            for (String stack : s.stacks()) {
                String[] cells = new String[CHECKPOINTS_S.length];
                int series = 0;
                for (int i = 0; i < CHECKPOINTS_S.length; i++) {
                    double at = CHECKPOINTS_S[i];
                    Optional<MemoryCheckpoint> c = all.stream()
                            .filter(x -> x.device().equals(device) && x.stack().equals(stack) && x.tS() == at).findFirst();
                    cells[i] = Rounding.value(Quantity.MIB, c.map(MemoryCheckpoint::mib).orElse(Double.NaN));
                    if (i == 0) series = c.map(MemoryCheckpoint::series).orElse(0);
                }
                t.row(device, stack, cells[0], cells[1], cells[2], Integer.toString(series));
            }
        }
        return t.note("At t: the median over the stack's series of the RSS of the last sample at or before t"
                        + " (analysis.md 6), read to within half the series' sampling interval (a series"
                        + " sampled every 1000 ms whose last sample is at 299.999 s counts at 300 s);"
                        + " n/a: no series lasts t. series: how many series start (t = 0)."
                        + " MiB = KiB / 1024.")
                .note(Rounding.note(EnumSet.of(Quantity.MIB)))
                .note(TableText.sourceNote("memory_checkpoints.csv"))
                .build();
    }
}
