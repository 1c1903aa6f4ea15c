package dev.tpm.collect.campaign;

import java.util.HashMap;
import java.util.Map;

/**
 * {@code seed_rows_delete: "auto"} as a campaign started before version 3 recorded it (its
 * campaign.json says {@code "auto"}, not a number); such a campaign resumes under this rule, while
 * a new {@code auto} campaign gets one size for every stack from {@link DeleteCalibration}. Rows seeded before a stack's delete run, sized from the
 * fastest delete rate seen for that stack so far (the warm-ups run first, so the warm-up's rate
 * sizes the first measured run) times the coming run's duration times {@link #MARGIN}. A stack's
 * first delete run gets {@link #FIRST_RUN_ROWS}; after a run that ran out of rows (it is
 * discarded and re-queued) the stack gets at least twice that run's rows. Pure code: the runner
 * reports each delete run and asks for the next size; a resumed campaign replays its rows.
 */
public final class DeleteRows {
    /** Seeded before a stack's first delete run: the paper's fixed 100,000. */
    public static final int FIRST_RUN_ROWS = 100_000;
    /** Head-room over the rate seen: a later run may be faster (warm caches, less throttling). */
    public static final double MARGIN = 1.5;
    /** Never seed more than this (about 10 MB of SQLite per 100,000 rows). */
    public static final int MAX_ROWS = 50_000_000;

    private final Map<String, Double> rate = new HashMap<>();
    private final Map<String, Integer> floor = new HashMap<>();

    /** Rows to seed before a delete run of {@code stack} lasting {@code durationS} seconds. */
    public int rowsFor(String stack, int durationS) {
        Double r = rate.get(stack);
        long n = r == null ? FIRST_RUN_ROWS : (long) Math.ceil(r * durationS * MARGIN);
        n = Math.max(n, floor.getOrDefault(stack, 0));
        return (int) Math.min(MAX_ROWS, n);
    }

    /**
     * A delete run of {@code stack} seeded with {@code seeded} rows made {@code requests} in
     * {@code measuredS} seconds; {@code ranOut} when some DELETE found no row.
     */
    public void observed(String stack, int seeded, long requests, double measuredS, boolean ranOut) {
        if (measuredS > 0 && requests > 0) rate.merge(stack, requests / measuredS, Math::max);
        if (ranOut) floor.merge(stack, (int) Math.min(MAX_ROWS, 2L * seeded), Math::max);
    }
}
