package dev.tpm.tables;

import dev.tpm.output.Outputs;
import dev.tpm.pipeline.PipelineContext;
import dev.tpm.pipeline.Stage;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.util.List;
import java.util.Optional;

/**
 * Writes every paper table, in every format of {@link TableFormatter#ALL}: per device to
 * tables/&lt;prefix&gt;&lt;name&gt;.md and .tex (prefix = {@link Results#devicePrefix}), the shared tables
 * (mixes, replication) to the top of tables/. A table the data lacks is skipped with one line.
 */
public final class TablesStage implements Stage {
    /** Per-device tables in the paper's order, then the new ones. */
    public static final List<DeviceTable> DEVICE_TABLES = List.of(
            new RamTable(), new EndpointsTable(), new TestsTable(), new RatioTable(), new StartupTable(),
            new EnergyTable(), new SweepTable(), new MemoryTable(), new ImplicationsTable(),
            new SensitivityTable(), new ExclusionsTable());

    /** Tables that are not one device's. */
    public static final List<SharedTable> SHARED_TABLES = List.of(new MixesTable(), new ReplicationTable());

    /** The seed studies' tables (studies.md), each written only when a campaign of its study exists. */
    public static final List<StudyTable> STUDY_TABLES = List.of(
            new HelloBlogTable(), new StudyReplicationTable(dev.tpm.model.Studies.HELLO_BLOG),
            new AppServersTable(), new StudyReplicationTable(dev.tpm.model.Studies.APP_SERVERS),
            new NodePiTable(), new NodePiMemoryTable(), new StudyReplicationTable(dev.tpm.model.Studies.NODE_PI));

    @Override
    public String name() {
        return "tables";
    }

    @Override
    public void run(PipelineContext context, Outputs out) {
        write(context.results(), out);
    }

    /** Adds every table of the results to {@code out}; pure apart from that. */
    public static void write(Results results, Outputs out) {
        for (SharedTable t : concat(SHARED_TABLES, STUDY_TABLES)) {
            Optional<String> lacking = t.lacking(results);
            if (lacking.isPresent()) {
                out.skip("tables/" + t.name(), lacking.get());
            } else {
                put(out, "tables/" + t.name(), t.build(results));
            }
        }
        for (DeviceResults d : results.devices()) {
            String base = "tables/" + results.devicePrefix(d.id());
            for (DeviceTable t : DEVICE_TABLES) {
                Optional<String> lacking = t.lacking(results, d);
                if (lacking.isPresent()) {
                    out.skip(base + t.name(), "device " + d.id() + ": " + lacking.get());
                } else {
                    put(out, base + t.name(), t.build(results, d));
                }
            }
        }
    }

    private static List<SharedTable> concat(List<SharedTable> a, List<StudyTable> b) {
        List<SharedTable> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static void put(Outputs out, String pathWithoutExtension, TableModel table) {
        for (TableFormatter f : TableFormatter.ALL) {
            out.putText(pathWithoutExtension + "." + f.extension(), f.format(table));
        }
    }
}
