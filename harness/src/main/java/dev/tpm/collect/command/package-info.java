/**
 * The {@code collect} subcommand: resolves the preset, the stacks and the data folder and runs one
 * campaign. It sits above the campaign package, which it drives.
 */
package dev.tpm.collect.command;
