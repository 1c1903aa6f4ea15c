package dev.tpm.collect.campaign;

import dev.tpm.codec.AtomicFile;
import dev.tpm.codec.RunCsv;
import dev.tpm.model.Endpoints;
import dev.tpm.model.RunRow;
import dev.tpm.model.RunStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Running out of rows made recoverable without unequal tables (servers.md: every DELETE run of a
 * campaign, whatever its stack, starts from the same number of rows). A {@code seed_rows_delete:
 * auto} campaign's table is sized by a calibration; when a later run deletes faster than the
 * calibration foresaw (it met a quieter moment, or the calibration a busier one) and runs out of
 * rows, the campaign's one table grows for every stack ({@link #grown}), campaign.json records
 * the new size, and every measured delete run already kept on the smaller table is
 * <em>superseded</em>: its row stays, its status becomes {@code discarded} with a note saying why,
 * and it is measured again on the new table. At the end every ok DELETE run of the campaign has
 * the same {@code seeded_rows}, the one campaign.json records. A superseded run does not use its
 * group's retries (it did nothing wrong); the run that ran out of rows does, as any discard.
 *
 * <p>The decisions ({@link #grown}, {@link #stale}, {@link #supersede}) are pure; {@link #rewrite}
 * is the one file operation, an atomic rewrite of a run file of the harness's own unfinished
 * campaign (nothing of it is in SHA256SUMS yet). Phase 4's delete runs, planned after phase 1,
 * keep the rule of a plain discard.
 */
final class DeleteTableGrowth {
    /** The note of a superseded row begins so; a resume recognises its own rows by it. */
    static final String SUPERSEDED = "superseded: ";

    private DeleteTableGrowth() {}

    /**
     * The table after a run that ran out of rows on {@code rows}, having made {@code requests} in
     * {@code durationS} (404s of the used-up table included, so the rate is an upper bound): at
     * least twice the table, and the run's rate x the longest delete run x the calibration's
     * margin, rounded up to {@link DeleteCalibration#ROUND_TO}, at most {@link DeleteCalibration#MAX_ROWS};
     * {@code rows} itself when it cannot grow.
     */
    static int grown(int rows, long requests, double durationS, int longestRunS) {
        double rate = durationS > 0 ? requests / durationS : 0;
        double need = Math.max(2.0 * rows, rate * longestRunS * DeleteCalibration.MARGIN);
        long n = (long) Math.ceil(need / DeleteCalibration.ROUND_TO) * DeleteCalibration.ROUND_TO;
        return (int) Math.min(DeleteCalibration.MAX_ROWS, Math.max(rows, n));
    }

    /** The measured ok delete rows whose table was not {@code rows}: kept on a table the campaign no longer uses. */
    static List<RunRow> stale(List<RunRow> rows, int tableRows) {
        List<RunRow> out = new ArrayList<>();
        for (RunRow r : rows) {
            if (r.ok() && !r.warmup() && r.endpoint().equals(Endpoints.DELETE_ITEM) && r.seededRows() != null
                    && r.seededRows() != tableRows) {
                out.add(r);
            }
        }
        return out;
    }

    /** {@code r} superseded: discarded, its note saying why; every measured value kept as measured. */
    static RunRow supersede(RunRow r, int tableRows) {
        String why = String.format(Locale.ROOT, "%sthe campaign's DELETE table grew from %d to %d rows after a run ran out of"
                + " rows; measured again on the new table so that every stack's delete runs start from one table",
                SUPERSEDED, r.seededRows(), tableRows);
        return r.with(b -> b.status(RunStatus.DISCARDED).note(r.note() == null ? why : why + "; " + r.note()));
    }

    /** Whether a discarded row is one this harness superseded (it does not count as a retry on resume). */
    static boolean superseded(RunRow r) {
        return r.status() == RunStatus.DISCARDED && r.note() != null && r.note().startsWith(SUPERSEDED);
    }

    /**
     * Rewrites {@code csv} with its stale rows superseded; returns them as they were (for the queue).
     * An unchanged file is not written.
     */
    static List<RunRow> rewrite(Path csv, List<RunRow> rows, int tableRows) throws IOException {
        List<RunRow> stale = stale(rows, tableRows);
        if (stale.isEmpty()) return stale;
        List<RunRow> out = new ArrayList<>(rows.size());
        for (RunRow r : rows) out.add(stale.contains(r) ? supersede(r, tableRows) : r);
        AtomicFile.write(csv, RunCsv.text(out));
        return stale;
    }
}
