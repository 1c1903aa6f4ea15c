package dev.tpm.tables;

import dev.tpm.results.Metric;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.Results;
import dev.tpm.results.StackPooled;
import dev.tpm.results.Weighted;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Devices side by side (new; outputs.md keeps tables that compare devices at the top of tables/):
 * for every stack, each device's headline values (the weighted aggregates under the declared mix,
 * the rank by w_rps_per_mib, and the per-stack pooled values) with its CI, and each later device's
 * median over the first device's. Written only when there are several devices.
 *
 * <p>The ratio is of two point estimates and nothing more: runs on two devices are not paired,
 * and analysis.md's tests and their Holm family are within one device, so no test compares
 * devices here; each device's CI is its own bootstrap.
 */
public final class DevicesTable implements SharedTable {
    /** One row group: a metric, its quantity and how to read it from a device's results. */
    private record Column(String name, Quantity quantity, Function<Source, Optional<Estimate>> value) {}

    /** One device's rows for one stack. */
    private record Source(Optional<Weighted> weighted, Optional<StackPooled> pooled) {}

    private static final List<Column> COLUMNS = List.of(
            weighted(Metric.W_RPS),
            weighted(Metric.W_PEAK_MIB),
            weighted(Metric.W_RPS_PER_MIB),
            new Column("rank", Quantity.COUNT, s -> s.weighted()
                    .filter(w -> w.rank() > 0)
                    .map(w -> new Estimate(w.rank(), Double.NaN, Double.NaN))),
            weighted(Metric.W_P99_MS),
            weighted(Metric.W_ENERGY_MJ),
            pooled(Metric.POOLED_IDLE_RSS_MIB.id(), Metric.POOLED_IDLE_RSS_MIB.quantity(), StackPooled::idleRssMib),
            pooled(Metric.POOLED_STARTUP_MS.id(), Metric.POOLED_STARTUP_MS.quantity(), StackPooled::startupMs),
            pooled("artifact_mib", Quantity.MIB, p -> new Estimate(p.artifactMib(), Double.NaN, Double.NaN)));

    @Override
    public String name() {
        return "devices";
    }

    @Override
    public Optional<String> lacking(Results r) {
        return r.multiDevice() ? Optional.empty() : Optional.of("one device: no devices to compare");
    }

    @Override
    public TableModel build(Results r) {
        List<DeviceResults> devices = r.devices();
        DeviceResults first = devices.get(0);
        String mix = first.declaredMix();
        TableModel.Builder t = TableModel.builder(name(), "Devices side by side (new; no paper table): each"
                + " device's weighted values under the declared mix '" + mix + "', its rank by w_rps_per_mib and its"
                + " per-stack values, median [" + TableText.ciLabel(r) + "], and each device's median over "
                + first.id() + "'s. Measured on "
                + TableText.devicesSource(r) + ".");
        t.text("metric").text("stack");
        for (DeviceResults d : devices) {
            t.number(d.id() + " [" + TableText.ciLabel(r) + "]");
        }
        for (DeviceResults d : devices.subList(1, devices.size())) {
            t.number(d.id() + " / " + first.id());
        }
        List<String> stacks = stacks(r);
        Set<Quantity> used = EnumSet.of(Quantity.RATIO);
        for (Column m : COLUMNS) {
            List<List<String>> rows = new ArrayList<>();
            boolean any = false;
            for (String stack : stacks) {
                List<Optional<Estimate>> values = devices.stream()
                        .map(d -> m.value().apply(new Source(Find.weighted(d, mix, stack), Find.pooled(d, stack)))
                                .filter(e -> !e.isMissing()))
                        .toList();
                any |= values.stream().anyMatch(Optional::isPresent);
                List<String> cells = new ArrayList<>(List.of(TableText.withUnit(m.name(), m.quantity()), stack));
                for (Optional<Estimate> v : values) {
                    cells.add(v.map(e -> Rounding.ci(m.quantity(), e)).orElse(Rounding.MISSING));
                }
                for (Optional<Estimate> v : values.subList(1, values.size())) {
                    cells.add(m.quantity() == Quantity.COUNT ? "" : ratio(values.get(0), v));
                }
                rows.add(cells);
            }
            if (!any) continue; // e.g. w_energy_mj when no device measured power
            used.add(m.quantity());
            t.group();
            rows.forEach(t::row);
        }
        return t.note("w_* as in each device's ratio.md and latency.md (weighted.csv): sum over the CRUD endpoints"
                        + " of weight x group median, CIs by a stratified bootstrap within each endpoint. rank: by"
                        + " w_rps_per_mib among the stacks ranked on that device (1 = highest), so two devices with"
                        + " different stacks rank them differently for that reason alone. idle_rss_mib, startup_ms"
                        + " and artifact_mib: every measured phase-1 run of the stack pooled (stack_pooled.csv).")
                .note("A ratio divides two medians: each device's CI is its own bootstrap, and no test compares"
                        + " devices (runs on two devices are not paired; the tests of tests.md are within one"
                        + " device).")
                .note("n/a: the stack was not measured on the device, or has no such value there (a stack"
                        + " without a weighted value is not ranked).")
                .note(TableText.ciNote(r))
                .notes(TableText.coverageNote(r, devices.stream().flatMap(d -> d.stackPooled().stream())
                        .filter(p -> stacks.contains(p.stack()))
                        .flatMap(p -> java.util.stream.Stream.of(new TableText.Coverage(p.idleRssMibCoverage(), p.n()),
                                new TableText.Coverage(p.startupMsCoverage(), p.n()))).toList()))
                .note(TableText.MIB_NOTE)
                .note(Rounding.note(used))
                .note("Full precision: tables/weighted.csv and tables/stack_pooled.csv.")
                .notes(SetupNotes.of(r, devices.stream().map(DeviceResults::id).toList(), "the devices' campaigns"))
                .build();
    }

    /** Every stack listed on any device, in stack order. */
    private static List<String> stacks(Results r) {
        List<String> out = new ArrayList<>();
        for (String s : r.stackOrder()) {
            if (r.devices().stream().anyMatch(d -> d.listedStacks().contains(s))) out.add(s);
        }
        return out;
    }

    private static String ratio(Optional<Estimate> base, Optional<Estimate> other) {
        if (base.isEmpty() || other.isEmpty() || base.get().value() == 0) return Rounding.MISSING;
        return Rounding.value(Quantity.RATIO, other.get().value() / base.get().value());
    }

    private static Column weighted(Metric m) {
        return new Column(m.id(), m.quantity(), s -> s.weighted().filter(w -> !w.isMissing()).map(m::in));
    }

    private static Column pooled(String name, Quantity q, Function<StackPooled, Estimate> f) {
        return new Column(name, q, s -> s.pooled().map(f));
    }
}
