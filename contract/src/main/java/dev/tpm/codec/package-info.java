/**
 * The data contract's file formats (spec/data.md), one codec per format, used by the pipeline
 * and the harness alike: the run CSVs ({@link dev.tpm.codec.RunCsv}), campaign.json
 * ({@link dev.tpm.codec.CampaignJson}), phase-3 series ({@link dev.tpm.codec.MemorySeriesJson}),
 * mixes.csv ({@link dev.tpm.codec.MixesCsv}), published.csv ({@link dev.tpm.codec.PublishedCsv}),
 * SHA256SUMS ({@link dev.tpm.codec.Sha256Sums}) with SHA-256 and the run's
 * {@link dev.tpm.codec.FileHashes}, the one seed derivation ({@link dev.tpm.codec.Seeds}), the CSV
 * and JSON readers whose problems name file, line and column ({@link dev.tpm.codec.CsvFile},
 * {@link dev.tpm.codec.JsonFile}, {@link dev.tpm.codec.Problems}), the number text of every CSV
 * ({@link dev.tpm.codec.Num}) and the one atomic file writer ({@link dev.tpm.codec.AtomicFile}).
 * Imports {@code dev.tpm.model} and no other module.
 */
package dev.tpm.codec;
