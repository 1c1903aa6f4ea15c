/**
 * Sampling during a run: the server's process tree (RSS, PSS, CPU time), power (RAPL or the
 * Raspberry Pi PMIC) and throttling flags, each read from /proc or /sys at a fixed interval.
 */
package dev.tpm.collect.sample;
