/**
 * Pure statistics of analysis.md: arrays and small records in, records out; no file I/O, no
 * Tablesaw, no charts. Every method names its source (a paper, a book or the scipy/statsmodels
 * function it must agree with to 1e-9 relative error; the reference fixtures under
 * src/test/resources/reference check each one). p-values come from survival functions evaluated
 * in the upper tail ({@link dev.tpm.stats.Distributions}), never as 1 - cdf, so that they keep
 * their relative accuracy far into the tail.
 */
package dev.tpm.stats;
