package dev.tpm.collect.campaign;

import java.util.HashMap;
import java.util.Map;

/**
 * {@code seed_rows_delete: "auto"}: rows seeded before a stack's delete run, sized from that
 * stack's previous delete run (its rate times the coming run's duration, times {@link #MARGIN}).
 * The first delete run of a stack (phase 1 runs warm-ups first) gets {@link #FIRST_RUN_ROWS}; a
 * run that ran out of rows doubles its stack's size at least. The size never shrinks. Pure code:
 * the runner reports each delete run's rate and gets the next size.
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
