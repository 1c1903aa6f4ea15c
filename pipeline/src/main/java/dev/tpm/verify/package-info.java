/**
 * Verification: data/SHA256SUMS checked by the contract's codec, its outcome for the report, and
 * the byte-for-byte comparison of regenerated outputs with tables/ and figures/
 * ({@code tpm verify --outputs}).
 */
package dev.tpm.verify;
