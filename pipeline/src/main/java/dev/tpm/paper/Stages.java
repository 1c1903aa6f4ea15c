package dev.tpm.paper;

import dev.tpm.analysis.StatsStage;
import dev.tpm.codec.FileHashes;
import dev.tpm.figures.FiguresStage;
import dev.tpm.pipeline.InventoryStage;
import dev.tpm.pipeline.Pipeline;
import dev.tpm.pipeline.Stage;
import dev.tpm.report.ReportStage;
import dev.tpm.tables.TablesStage;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * The stages of {@code make paper} after ingest and verify, in the order they run, each running the
 * builders {@link PaperCatalog#CATALOG} lists: add an artifact there, a stage here. It lives above the stages (it
 * imports them), so that {@code dev.tpm.pipeline}, which the stages build on, imports none of them.
 */
public final class Stages {
    public static final List<Stage> ALL = List.of(
            new InventoryStage(),
            new StatsStage(PaperCatalog.CATALOG.tidyCsvs()),
            new TablesStage(PaperCatalog.CATALOG.deviceTables(), PaperCatalog.CATALOG.onceTables()),
            new FiguresStage(PaperCatalog.CATALOG.figureBuilders(), PaperCatalog.CATALOG.studyFigures()),
            new ReportStage(PaperCatalog.CATALOG));

    private Stages() {}

    /** The pipeline of {@code make paper}: ingest, verify, then {@link #ALL}; progress lines go to {@code log}. */
    public static Pipeline paper(Path dataDir, int threads, PrintWriter log) {
        return new Pipeline(dataDir, threads, log, ALL);
    }

    /** As {@link #paper(Path, int, PrintWriter)}, with the file hashes a check before it already computed. */
    public static Pipeline paper(Path dataDir, int threads, PrintWriter log, FileHashes hashes) {
        return new Pipeline(dataDir, threads, log, ALL, hashes);
    }
}
