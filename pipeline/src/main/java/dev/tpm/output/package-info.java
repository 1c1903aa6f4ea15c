/**
 * {@link dev.tpm.output.Outputs}: every artifact of one run, held in memory (path to bytes) until
 * every stage has succeeded.
 */
package dev.tpm.output;
