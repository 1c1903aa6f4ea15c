package dev.tpm.tables;

import dev.tpm.model.Endpoints;
import dev.tpm.model.StackInfo;
import dev.tpm.model.Studies;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import dev.tpm.tables.Rounding.Quantity;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * app_servers (studies.md, seed 002): per device and stack, the best of the laps, peak RAM of the
 * whole process tree and peak CPU, ordered by req/s ascending as costajob/app-servers prints it.
 */
public final class AppServersTable extends StudyTable {
    @Override
    public String name() {
        return "app_servers";
    }

    @Override
    public String study() {
        return Studies.APP_SERVERS;
    }

    @Override
    public TableModel build(Results r) {
        StudyScope s = StudyScope.of(r, study());
        TableModel.Builder t = TableModel.builder(name(), "app-servers (costajob/app-servers' results table, seed 002):"
                + " hello world, best of the measured runs (laps) per server." + from(s));
        t.text("device").text("language").text("server").number("concurrency").number("req/s (best)")
                .number("RAM (MiB, peak)").number("CPU (%, peak)").text("host saturated");
        List<LoadgenSummary> rows = s.rows().stream().filter(x -> x.endpoint().equals(Endpoints.HELLO))
                .sorted(Comparator.comparing(LoadgenSummary::device).thenComparingInt(LoadgenSummary::concurrency)
                        .thenComparingDouble(LoadgenSummary::rpsBest).thenComparing(LoadgenSummary::stack))
                .toList();
        String previous = null;
        for (LoadgenSummary x : rows) {
            String group = x.device() + "/" + x.concurrency();
            if (!group.equals(previous)) t.group();
            previous = group;
            Optional<StackInfo> info = s.stackInfo(x.stack());
            String language = info.map(StackInfo::language).filter(v -> v != null && !v.isBlank()).orElse("n/a");
            String framework = info.map(StackInfo::framework).filter(v -> v != null && !v.isBlank()).orElse(null);
            t.row(x.device(), language, framework == null ? x.stack() : framework + " (" + x.stack() + ")",
                    Integer.toString(x.concurrency()), Rounding.value(Quantity.RPS, x.rpsBest()),
                    Rounding.value(Quantity.MIB, x.peakRssMib()), Rounding.value(Quantity.PERCENT, x.cpuPct()),
                    saturatedCell(x));
        }
        List<String> missing = s.stacks().stream().filter(st -> rows.stream().noneMatch(x -> x.stack().equals(st))).toList();
        if (!missing.isEmpty()) t.note("No measured run of GET / (hello): " + String.join(", ", missing) + ".");
        String saturation = saturationNote(rows);
        if (saturation != null) t.note(saturation);
        return t.note("req/s (best): the largest rps of the stack's measured runs (the original's \"best of six laps\")."
                        + " RAM: the largest peak RSS of the server's whole process tree (every pre-forked worker counted),"
                        + " MiB = KiB / 1024. CPU: the largest 100 x cpu_s / duration_s (100 % = one core busy)."
                        + " host saturated: the measured runs whose server and load generator together used at least 95 %"
                        + " of the device's cores, of all measured runs."
                        + " n/a: no run has the value (an imported run may carry no memory or CPU).")
                .note(Rounding.note(EnumSet.of(Quantity.RPS, Quantity.MIB, Quantity.PERCENT)))
                .note(TableText.sourceNote("loadgen_summary.csv"))
                .build();
    }
}
