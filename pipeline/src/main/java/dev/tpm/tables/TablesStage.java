package dev.tpm.tables;

import dev.tpm.output.Outputs;
import dev.tpm.pipeline.PipelineContext;
import dev.tpm.pipeline.Stage;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes every paper table, in every format of {@link TableFormatter#ALL}: per device to
 * tables/&lt;prefix&gt;&lt;name&gt;.md and .tex (prefix = {@link Results#devicePrefix}), the shared tables
 * (mixes, devices, replication) to the top of tables/. A table the data lacks is skipped with one line.
 */
public final class TablesStage implements Stage {
    private final List<DeviceTable> deviceTables;
    private final List<SharedTable> sharedTables;

    /** @param deviceTables written for every device; @param sharedTables written once */
    public TablesStage(List<DeviceTable> deviceTables, List<SharedTable> sharedTables) {
        this.deviceTables = List.copyOf(deviceTables);
        this.sharedTables = List.copyOf(sharedTables);
    }

    @Override
    public String name() {
        return "tables";
    }

    @Override
    public void run(PipelineContext context, Outputs out) {
        context.handOn(WrittenTables.class, write(deviceTables, sharedTables, context.results(), out));
    }

    /** Adds every table of the results to {@code out}, and returns their models; pure apart from that. */
    public static WrittenTables write(List<DeviceTable> deviceTables, List<SharedTable> sharedTables, Results results,
            Outputs out) {
        Map<String, TableModel> written = new LinkedHashMap<>();
        for (SharedTable t : sharedTables) {
            Optional<String> lacking = t.lacking(results);
            if (lacking.isPresent()) {
                out.skip("tables/" + t.name(), lacking.get());
            } else {
                put(out, "tables/" + t.name(), t.build(results), written);
            }
        }
        for (DeviceResults d : results.devices()) {
            String base = "tables/" + results.devicePrefix(d.id());
            for (DeviceTable t : deviceTables) {
                Optional<String> lacking = t.lacking(results, d);
                if (lacking.isPresent()) {
                    if (t.reportsLacking()) out.skip(base + t.name(), "device " + d.id() + ": " + lacking.get());
                } else {
                    put(out, base + t.name(), t.build(results, d), written);
                }
            }
        }
        return new WrittenTables(written);
    }

    private static void put(Outputs out, String pathWithoutExtension, TableModel table, Map<String, TableModel> written) {
        written.put(pathWithoutExtension, table);
        for (TableFormatter f : TableFormatter.ALL) {
            out.putText(pathWithoutExtension + "." + f.extension(), f.format(table));
        }
    }
}
