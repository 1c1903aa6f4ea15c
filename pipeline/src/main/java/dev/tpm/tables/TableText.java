package dev.tpm.tables;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import dev.tpm.tables.Rounding.Quantity;

/** Headers, captions and notes that several tables share, worded once. */
final class TableText {
    static final String MIB_NOTE = "MiB = KiB / 1024; the paper writes MB for the same quantity.";

    private TableText() {}

    static AnalysisConfig config(Results r) {
        return r.dataset().config();
    }

    /** "95% CI" for the configured confidence. */
    static String ciLabel(Results r) {
        return Rounding.percentLabel(config(r).confidence()) + " CI";
    }

    /** "rps (req/s), median [95% CI]". */
    static String medianCiHeader(Results r, String label, Quantity q) {
        return withUnit(label, q) + ", median [" + ciLabel(r) + "]";
    }

    /** "w_rps (req/s) [95% CI]": a weighted value with its CI. */
    static String valueCiHeader(Results r, String label, Quantity q) {
        return withUnit(label, q) + " [" + ciLabel(r) + "]";
    }

    /** "label (unit)", or the label alone for a unitless quantity. */
    static String withUnit(String label, Quantity q) {
        return q.unit().isEmpty() ? label : label + " (" + q.unit() + ")";
    }

    /** Caption of a per-device table: what it regenerates, what it shows, the device and its campaigns. */
    static String caption(String regenerates, String what, DeviceResults d) {
        return regenerates + ": " + what + ". " + d.source() + ".";
    }

    /** The CI level and how the intervals were computed. */
    static String ciNote(Results r) {
        AnalysisConfig c = config(r);
        return "Brackets: " + ciLabel(r) + ", percentile bootstrap with B = " + c.bootstrapResamples()
                + " resamples (seeded from rng_seed " + c.rngSeed() + " and the group key).";
    }

    static String sourceNote(String csv) {
        return "Full precision: tables/" + csv + ".";
    }
}
