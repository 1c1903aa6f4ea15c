/**
 * figures/index.html ({@link dev.tpm.report.ReportStage}): the page that shows every table and
 * figure of a run. {@link dev.tpm.report.ReportModels} builds its {@link dev.tpm.report.ReportModel}
 * from the catalog (dev.tpm.catalog), the results and the models the tables and figures stages
 * handed on; the FreeMarker template report.ftlh (src/main/resources) lays it out.
 */
package dev.tpm.report;
