/**
 * The list of stages of {@code make paper} ({@link dev.tpm.paper.Stages#ALL}) and the pipeline
 * built from it: the one package that imports every stage.
 */
package dev.tpm.paper;
