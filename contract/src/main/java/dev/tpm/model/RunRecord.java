package dev.tpm.model;

/**
 * One valid run row as ingest hands it on: the row of phase1.csv or phase2.csv and where it came
 * from. Immutable, like every part of the dataset.
 *
 * @param campaign the campaign folder under data/raw/
 * @param device the campaign's device id (the unit of analysis)
 * @param phase 1, 2, 4 or 5: with {@code campaign}, the file the row is on (raw/campaign/phaseN.csv)
 * @param line the row's line in that file (header = line 1), for messages
 */
public record RunRecord(String campaign, String device, int phase, long line, RunRow row) {}
