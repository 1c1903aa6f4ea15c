/**
 * The catalog of artifacts: for every file {@code make paper} writes (tidy CSV, table, figure,
 * report, inventory) its path, inputs, builder and kind, as typed records ({@link dev.tpm.catalog.Artifact}).
 * The one list of them is {@code dev.tpm.paper.PaperCatalog}; the stages, the report's navigation,
 * {@code make verify} and the end-to-end tests all read it. This package holds the types and the
 * lookups (which artifact owns a path, which paths a run may write); it imports the builders'
 * interfaces, never a stage's output.
 */
package dev.tpm.catalog;
