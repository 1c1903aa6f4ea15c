/**
 * The catalog of every artifact {@code make paper} writes ({@link dev.tpm.paper.PaperCatalog#CATALOG}),
 * the list of stages that write them ({@link dev.tpm.paper.Stages#ALL}) and the pipeline built
 * from it: the one package that imports every stage.
 */
package dev.tpm.paper;
