/**
 * What the statistics stage hands to tables, figures and the report: one record per row of each
 * tidy CSV of outputs.md, with the same fields in the same order. Missing numbers are
 * {@code Double.NaN} (written as an empty cell); missing integers are null.
 */
package dev.tpm.results;
