/**
 * Dataset to Results (analysis.md sections 1-7): which runs count, grouping, calling
 * {@link dev.tpm.stats} for every number, and the tidy CSVs of outputs.md
 * ({@link dev.tpm.analysis.TidyCsvs}). {@link dev.tpm.analysis.Analysis} is the entry point,
 * {@link dev.tpm.analysis.StatsStage} the pipeline stage.
 */
package dev.tpm.analysis;
