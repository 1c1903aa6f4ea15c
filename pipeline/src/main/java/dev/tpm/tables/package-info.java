/**
 * The paper tables: one class per table computes a format-neutral {@link dev.tpm.tables.TableModel}
 * from {@link dev.tpm.results.Results}; one formatter per format ({@link
 * dev.tpm.tables.MarkdownFormatter}, {@link dev.tpm.tables.LatexFormatter}) turns a model into
 * text; {@link dev.tpm.tables.TablesStage} adds the files to the run's outputs. How each quantity
 * is rounded is said once, in {@link dev.tpm.tables.Rounding}.
 */
package dev.tpm.tables;
