/**
 * The one command line (picocli): {@code tpm.jar} with a subcommand for each step of the
 * pipeline ({@code ingest}, {@code verify}, {@code manifest}, {@code paper}) and of the harness
 * ({@code collect}, {@code servers}, {@code conformance}). It imports every module and is imported
 * by none.
 */
package dev.tpm.cli;
