package dev.tpm.tables;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.Results;
import dev.tpm.results.StackPooled;
import dev.tpm.results.Quantity;
import java.util.List;
import java.util.Optional;

/** Table 16: cold-start time (pooled over every phase-1 run) and deployment artifact size. */
public final class StartupTable implements DeviceTable {
    @Override
    public String name() {
        return "startup";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return d.stackPooled().isEmpty() ? Optional.of("no measured phase-1 runs") : Optional.empty();
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Table 16 (regenerated)",
                "startup time, deployment artifact size, and the size with the language runtime it needs", d));
        t.text("stack").number("n").number(TableText.medianCiHeader(r, "startup", Quantity.STARTUP_MS))
                .number(TableText.withUnit("artifact", Quantity.MIB))
                .number(TableText.withUnit("with runtime", Quantity.MIB));
        for (String s : d.listedStacks()) {
            Optional<StackPooled> p = Find.pooled(d, s);
            t.row(s, p.map(x -> Integer.toString(x.n())).orElse(Rounding.MISSING),
                    Rounding.ci(Quantity.STARTUP_MS, p.map(StackPooled::startupMs).orElse(Estimate.MISSING)),
                    Rounding.value(Quantity.MIB, p.map(StackPooled::artifactMib).orElse(Double.NaN)),
                    Rounding.value(Quantity.MIB, r.facts().withRuntimeMib(d.id(), s)));
        }
        return t.note("Startup: spawn to the first successful GET /health; every phase-1 run is a cold start,"
                        + " so n pools every measured phase-1 run of the stack.")
                .note("Artifact: artifact_bytes of campaign.json (first appearance of the stack) / 1048576. What it"
                        + " covers differs by stack: a self-contained binary for compiled stacks, the deployment"
                        + " directory for interpreted ones; neither counts the runtime a stack needs on the device"
                        + " (the Python interpreter, Node.js, the JVM), so an interpreted stack's size is not its"
                        + " footprint on disk.")
                .note("With runtime: what the device must store to serve (data.md version 4), artifact_bytes +"
                        + " runtime_bytes of the device's first paper campaign that lists the stack, / 1048576;"
                        + " runtime_bytes is the JDK, the node binary, the Python prefix and virtual environment the"
                        + " run command needs (servers.md), none for a self-contained binary. n/a: that campaign was"
                        + " recorded before version 4 (no stack of it has runtime_bytes), so its runtimes were not"
                        + " measured.")
                .note(TableText.ciNote(r))
                .notes(TableText.coverageNote(r, d.stackPooled().stream()
                        .map(p -> new TableText.Coverage(p.startupMsCoverage(), p.n())).toList()))
                .note(TableText.MIB_NOTE)
                .note(Rounding.note(List.of(Quantity.STARTUP_MS, Quantity.MIB)))
                .note(TableText.sourceNote("stack_pooled.csv"))
                .build();
    }
}
