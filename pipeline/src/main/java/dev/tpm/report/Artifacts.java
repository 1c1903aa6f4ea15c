package dev.tpm.report;

import dev.tpm.figures.HelloBlogFigure;
import dev.tpm.figures.HelloBlogNextFigure;
import dev.tpm.figures.NodePiMemoryFigure;
import dev.tpm.figures.StudyFigure;
import dev.tpm.model.Studies;
import dev.tpm.tables.AppServersTable;
import dev.tpm.tables.HelloBlogNextTable;
import dev.tpm.tables.HelloBlogTable;
import dev.tpm.tables.NodePiMemoryTable;
import dev.tpm.tables.NodePiTable;
import dev.tpm.tables.StudyReplicationTable;
import dev.tpm.tables.StudyTable;
import dev.tpm.figures.DriftFigure;
import dev.tpm.figures.EndpointP99Figure;
import dev.tpm.figures.EndpointRpsFigure;
import dev.tpm.figures.EnergyFigure;
import dev.tpm.figures.FigureBuilder;
import dev.tpm.figures.MemoryFigure;
import dev.tpm.figures.ParetoFigure;
import dev.tpm.figures.RatioFigure;
import dev.tpm.figures.SensitivityFigure;
import dev.tpm.figures.StartupFigure;
import dev.tpm.figures.SweepFigure;
import dev.tpm.figures.OfferedLoadFigure;
import dev.tpm.tables.OfferedLoadTable;
import dev.tpm.tables.CapacityTable;
import dev.tpm.tables.DeviceTable;
import dev.tpm.tables.DriftTable;
import dev.tpm.tables.DevicesTable;
import dev.tpm.tables.EfficiencyTable;
import dev.tpm.tables.EndpointsTable;
import dev.tpm.tables.LatencyTable;
import dev.tpm.tables.EnergyTable;
import dev.tpm.tables.ExclusionsTable;
import dev.tpm.tables.ImplicationsTable;
import dev.tpm.tables.MemoryTable;
import dev.tpm.tables.MixesTable;
import dev.tpm.tables.RamTable;
import dev.tpm.tables.RatioTable;
import dev.tpm.tables.RatiosTable;
import dev.tpm.tables.ReplicationTable;
import dev.tpm.tables.SensitivityTable;
import dev.tpm.tables.SharedTable;
import dev.tpm.tables.StartupTable;
import dev.tpm.tables.SweepTable;
import dev.tpm.tables.TestsTable;
import java.util.List;

/**
 * The one list of the paper's tables and figures (outputs.md), in the order a reader meets them:
 * the tables stage writes its tables from it, the figures stage its figures, and the report shows
 * both in this order (each figure right after the table it plots).
 */
public final class Artifacts {
    /** One entry of a device's part of the paper. */
    public sealed interface Artifact permits Table, Figure {
        String name();
    }

    public record Table(DeviceTable table) implements Artifact {
        @Override
        public String name() {
            return table.name();
        }
    }

    public record Figure(FigureBuilder figure) implements Artifact {
        @Override
        public String name() {
            return figure.name();
        }
    }

    /** A device's tables and figures, in report order. */
    public static final List<Artifact> DEVICE = List.of(
            new Table(new RamTable()),
            new Table(new EndpointsTable()),
            new Figure(new EndpointRpsFigure()),
            new Figure(new EndpointP99Figure()),
            new Table(new LatencyTable()),
            new Table(new TestsTable()),
            new Table(new RatioTable()),
            new Table(new RatiosTable()),
            new Figure(new ParetoFigure()),
            new Figure(new RatioFigure()),
            new Table(new StartupTable()),
            new Figure(new StartupFigure()),
            new Table(new EnergyTable()),
            new Figure(new EnergyFigure()),
            new Table(new SweepTable()),
            new Figure(new SweepFigure()),
            new Table(new MemoryTable()),
            new Figure(new MemoryFigure()),
            new Table(new ImplicationsTable()),
            new Table(new SensitivityTable()),
            new Figure(new SensitivityFigure()),
            new Table(new EfficiencyTable()),
            new Table(new OfferedLoadTable()),
            new Figure(new OfferedLoadFigure()),
            new Table(new CapacityTable()),
            new Table(new ExclusionsTable()),
            new Table(new DriftTable()),
            new Figure(new DriftFigure()));

    /** Tables that compare devices or belong to none, at the top of tables/, in report order. */
    public static final List<SharedTable> SHARED = List.of(new MixesTable(), new DevicesTable(), new ReplicationTable());

    /**
     * The seed studies' tables (studies.md), in report order: each study's own tables, then the
     * replication of its published numbers; each written only when a campaign of its study exists.
     */
    public static final List<StudyTable> STUDY_TABLES = List.of(
            new HelloBlogTable(), new StudyReplicationTable(Studies.HELLO_BLOG),
            new AppServersTable(), new StudyReplicationTable(Studies.APP_SERVERS),
            new HelloBlogNextTable(),
            new NodePiTable(), new NodePiMemoryTable(), new StudyReplicationTable(Studies.NODE_PI));

    /** The seed studies' figures, each drawn only when a campaign of its study exists. */
    public static final List<StudyFigure> STUDY_FIGURES = List.of(new HelloBlogFigure(), new HelloBlogNextFigure(),
            new NodePiMemoryFigure());

    private Artifacts() {}

    /** The tables written once: {@link #SHARED}, then {@link #STUDY_TABLES}. */
    public static List<SharedTable> sharedAndStudyTables() {
        List<SharedTable> all = new java.util.ArrayList<>(SHARED);
        all.addAll(STUDY_TABLES);
        return List.copyOf(all);
    }

    public static List<DeviceTable> deviceTables() {
        return DEVICE.stream().filter(a -> a instanceof Table).map(a -> ((Table) a).table()).toList();
    }

    public static List<FigureBuilder> figures() {
        return DEVICE.stream().filter(a -> a instanceof Figure).map(a -> ((Figure) a).figure()).toList();
    }
}
