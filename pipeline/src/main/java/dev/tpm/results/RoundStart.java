package dev.tpm.results;

/**
 * Where round {@code round} (from 2 on) of a campaign in rounds began, in seconds from the
 * campaign's first started_at: the earliest started_at of its runs (data.md version 5), for the
 * probe figure's boundaries.
 */
public record RoundStart(String campaign, int round, double tS) {}
