/**
 * What the statistics stage hands to tables, figures and the report: one record per row of each
 * tidy CSV of outputs.md, with the same fields in the same order. Missing numbers are
 * {@code Double.NaN} (written as an empty cell); missing integers are null. Beside them, the
 * records that tables, figures and the report read instead of data/: {@link dev.tpm.results.Facts},
 * {@link dev.tpm.results.StudyScope}, {@link dev.tpm.results.HelloBlogNextAnswer},
 * {@link dev.tpm.results.Topology}. Nothing here computes from runs; the analysis builds them.
 */
package dev.tpm.results;
