package dev.tpm.analysis;

import dev.tpm.codec.CsvText;
import dev.tpm.codec.Num;
import dev.tpm.output.Outputs;
import dev.tpm.results.Capacity;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.OfferedLoad;
import dev.tpm.results.Results;
import java.util.List;

/**
 * offered_load.csv and capacity.csv (outputs.md; analysis.md 10), columns in outputs.md's order,
 * rows in the order of the Results lists (devices by id, then stack, endpoint, offered rate).
 * Unlike the other tidy CSVs they are written only when some paper campaign has measured phase-4
 * runs; otherwise the run says so in one line ({@link #skips}), and the tables and the figure built
 * from them are left out without a line of their own.
 */
public final class OfferedLoadCsvs {
    public static final List<String> OFFERED_LOAD = List.of("device", "stack", "endpoint", "offered_rps", "n", "rps",
            "lat_p50_ms", "lat_p90_ms", "lat_p99_ms", "lat_p99_lo", "lat_p99_hi", "lat_p999_ms", "peak_rss_mib", "kept_up");
    public static final List<String> CAPACITY = List.of("device", "stack", "endpoint", "slo_ms", "capacity_rps",
            "first_failing_rps", "capacity_peak_mib", "capacity_per_mib", "capacity_censored",
            "capacity_stable", "capacity_note", "warm");

    /** What the one line names when phase 4 is absent. */
    public static final String ARTIFACTS = "tables/offered_load.csv, tables/capacity.csv, the offered_load and capacity"
            + " tables and the offered_load figure";

    private OfferedLoadCsvs() {}

    /** Whether any device has a phase-4 group: the condition for every phase-4 artifact. */
    public static boolean any(Results r) {
        return r.devices().stream().anyMatch(d -> !d.offeredLoad().isEmpty());
    }

    /**
     * Without phase 4, one line saying that its files, tables and figure are left out; a device
     * without phase 4 beside one with it gets one line of its own.
     */
    public static void skips(Results r, Outputs out) {
        if (!any(r)) {
            out.skip(ARTIFACTS, "no measured phase-4 runs (open loop at offered load) in any paper campaign");
            return;
        }
        for (DeviceResults d : r.devices()) {
            if (d.offeredLoad().isEmpty()) {
                out.skip("the offered_load and capacity tables and the offered_load figure of device " + d.id(),
                        "no measured phase-4 runs (open loop at offered load)");
            }
        }
    }

    public static CsvText offeredLoad(Results r) {
        CsvText csv = new CsvText(OFFERED_LOAD);
        for (DeviceResults d : r.devices()) {
            for (OfferedLoad p : d.offeredLoad()) {
                csv.row(p.device(), p.stack(), p.endpoint(), Num.csv(p.offeredRps()), Num.csv(p.n()), Num.csv(p.rps()),
                        Num.csv(p.latP50Ms()), Num.csv(p.latP90Ms()), Num.csv(p.latP99Ms().value()), Num.csv(p.latP99Ms().lo()),
                        Num.csv(p.latP99Ms().hi()), Num.csv(p.latP999Ms()), Num.csv(p.peakRssMib()), Num.csv(p.keptUp()));
            }
        }
        return csv;
    }

    public static CsvText capacity(Results r) {
        CsvText csv = new CsvText(CAPACITY);
        for (DeviceResults d : r.devices()) {
            for (Capacity c : d.capacity()) {
                csv.row(c.device(), c.stack(), c.endpoint(), Num.csv(c.sloMs()), Num.csv(c.capacityRps()),
                        Num.csv(c.firstFailingRps()), Num.csv(c.capacityPeakMib()), Num.csv(c.capacityPerMib()),
                        c.censored() == null ? "" : Num.csv(c.censored()), Num.csv(c.stable()), c.note(),
                        c.warm() == null ? "" : c.warm().csv());
            }
        }
        return csv;
    }
}
