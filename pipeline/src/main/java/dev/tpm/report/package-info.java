/**
 * figures/index.html ({@link dev.tpm.report.ReportStage}): the page that shows every table and
 * figure of a run, built from the results and the artifacts earlier stages left in the outputs.
 */
package dev.tpm.report;
