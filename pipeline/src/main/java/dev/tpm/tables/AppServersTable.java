package dev.tpm.tables;

import dev.tpm.model.Endpoints;
import dev.tpm.model.StackInfo;
import dev.tpm.model.Studies;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import dev.tpm.results.Quantity;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * app_servers (studies.md, seed 002): per device and stack, the best of the laps, peak RAM of the
 * whole process tree and peak CPU, ordered by req/s ascending as costajob/app-servers prints it.
 * The median of the laps stands beside the best: where the two orders disagree, the median's is
 * the one to read (a best of six is the largest of six draws and rewards the noisier server).
 * A stack that stands in for the seed's server (campaign.json {@code stacks[].stand_in}: nim-http,
 * elixir-http) says so in its server cell and a note gives the reason; each system of the seed
 * that cannot be built here ({@link Studies#notBuilt(String)}: Dart's HttpServer) closes every
 * device's group with a row that says "not built here" and why, never a number.
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
        StudyScope s = r.facts().study(study());
        TableModel.Builder t = TableModel.builder(name(), "app-servers (costajob/app-servers' results table, seed 002):"
                + " hello world, best of the measured runs (laps) per server, and their median." + from(s));
        t.text("device").text("language").text("server").number("concurrency").number("req/s (best)")
                .number("req/s (median)").number("RAM (MiB, peak)").number("CPU (%, peak)").text("host saturated");
        List<LoadgenSummary> rows = s.rows().stream().filter(x -> x.endpoint().equals(Endpoints.HELLO))
                .sorted(Comparator.comparing(LoadgenSummary::device).thenComparingInt(LoadgenSummary::concurrency)
                        .thenComparingDouble(LoadgenSummary::rpsBest).thenComparing(LoadgenSummary::stack))
                .toList();
        String previous = null;
        java.util.Map<String, StackInfo.StandIn> standIns = new java.util.TreeMap<>();
        for (int i = 0; i < rows.size(); i++) {
            LoadgenSummary x = rows.get(i);
            String group = x.device() + "/" + x.concurrency();
            if (!group.equals(previous)) t.group();
            previous = group;
            Optional<StackInfo> info = s.stackInfo(x.stack());
            String language = info.map(StackInfo::language).filter(v -> v != null && !v.isBlank()).orElse("n/a");
            String framework = info.map(StackInfo::framework).filter(v -> v != null && !v.isBlank()).orElse(null);
            StackInfo.StandIn standIn = info.map(StackInfo::standIn).orElse(null);
            String id = x.stack();
            if (standIn != null) {
                standIns.put(x.stack(), standIn);
                id += "; a stand-in for " + standIn.forServer();
            }
            t.row(x.device(), language, framework == null ? id : framework + " (" + id + ")",
                    Integer.toString(x.concurrency()), Rounding.value(Quantity.RPS, x.rpsBest()),
                    Rounding.value(Quantity.RPS, x.rpsMedian()), Rounding.value(Quantity.MIB, x.peakRssMib()), Rounding.value(Quantity.PERCENT, x.cpuPct()),
                    saturatedCell(x));
            boolean lastOfGroup = i + 1 == rows.size()
                    || !(rows.get(i + 1).device() + "/" + rows.get(i + 1).concurrency()).equals(group);
            if (lastOfGroup) {
                for (Studies.NotBuilt n : Studies.notBuilt(study())) {
                    if (s.stacks().contains(n.stack())) continue;
                    t.row(x.device(), n.language(), n.server() + " (" + n.stack() + ")", Integer.toString(x.concurrency()),
                            n.text(), Rounding.MISSING, Rounding.MISSING, Rounding.MISSING, Rounding.MISSING);
                }
            }
        }
        standIns.forEach((stack, si) -> t.note(stack + " stands in for the seed's " + si.forServer() + ": " + si.why() + "."));
        for (Studies.NotBuilt n : Studies.notBuilt(study())) {
            if (!s.stacks().contains(n.stack())) {
                t.note(n.stack() + " (the seed's " + n.language() + " " + n.server() + "): " + n.text()
                        + " (servers/" + n.stack() + "/README.md).");
            }
        }
        List<String> missing = s.stacks().stream().filter(st -> rows.stream().noneMatch(x -> x.stack().equals(st))).toList();
        if (!missing.isEmpty()) t.note("No measured run of GET / (hello): " + String.join(", ", missing) + ".");
        String saturation = saturationNote(rows);
        if (saturation != null) t.note(saturation);
        return t.note("req/s (best): the largest rps of the stack's measured runs (the original's \"best of six laps\");"
                        + " req/s (median): their median, the order to read where it differs from the best's (the rows stay"
                        + " in the original's order, by best)."
                        + " RAM: the largest peak RSS of the server's whole process tree (every pre-forked worker counted),"
                        + " MiB = KiB / 1024. CPU: the largest 100 x cpu_s / duration_s (100 % = one core busy)."
                        + " " + SATURATED_COLUMN
                        + " n/a: no run has the value (an imported run may carry no memory or CPU).")
                .note(Rounding.note(EnumSet.of(Quantity.RPS, Quantity.MIB, Quantity.PERCENT)))
                .note(TableText.sourceNote("loadgen_summary.csv"))
                .build();
    }
}
