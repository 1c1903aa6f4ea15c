package dev.tpm.pipeline;

import java.util.List;

/**
 * The stages of {@code make paper} after ingest and verify, in the order they run: the single list
 * of what the pipeline produces. Add a stage with one line here.
 */
public final class Stages {
    public static final List<Stage> ALL = List.of(
            new InventoryStage(),
            new dev.tpm.analysis.StatsStage(),
            new dev.tpm.tables.TablesStage(Artifacts.deviceTables(), Artifacts.sharedAndStudyTables()),
            new dev.tpm.figures.FiguresStage(Artifacts.figures(), Artifacts.STUDY_FIGURES),
            new dev.tpm.report.ReportStage());

    private Stages() {}
}
