/**
 * Dataset to Results (analysis.md sections 1-7): which runs count, grouping, calling
 * {@link dev.tpm.stats} for every number, and the tidy CSVs of outputs.md
 * ({@link dev.tpm.analysis.TidyCsvs}). {@link dev.tpm.analysis.Analysis} is the entry point,
 * {@link dev.tpm.analysis.StatsStage} the pipeline stage. {@link dev.tpm.analysis.Handover} builds
 * the {@link dev.tpm.results.Facts} beside the statistics (what tables, figures and the report show
 * of data/, the seed studies' scopes and the hello-blog-next answers), so that no later stage reads
 * the Dataset.
 */
package dev.tpm.analysis;
