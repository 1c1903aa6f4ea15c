package dev.tpm.analysis;

import dev.tpm.model.RunStatus;
import dev.tpm.results.Metric;
import dev.tpm.model.RunRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * One row of a phase-1 or phase-2 run table as the analysis reads it; missing numbers are NaN, a
 * missing status null.
 * {@link #metric} gives the per-run metrics of analysis.md 1, derived ones included.
 *
 * @param socketAndHttpErrors errors_connect + errors_read + errors_write + errors_timeout + non_2xx
 *     (a missing count is 0)
 * @param loadgenCpuS the load generator's CPU seconds (loadgen_cpu_s), NaN where missing
 * @param stealS CPU seconds the hypervisor stole during the measured window (steal_s, version 4),
 *     NaN where missing
 * @param stealShare the largest of the run's steal shares (analysis.md 1, version 6, {@link StealCpus}):
 *     steal_s / (duration_s x device.cores), and the same of the server's and the load generator's
 *     pinned CPUs; NaN when the run records none
 */
record RunRow(
        String campaign, String device, int phase, long seq, String stack, String endpoint, int concurrency,
        boolean warmup, RunStatus status, String throttled, double requests, double socketAndHttpErrors,
        double rps, double latP50Ms, double latP99Ms, double startupMs, double idleRssKib, double peakRssKib,
        double energyJ, double meanPowerW, String study, double durationS, double latP90Ms, double idlePssKib,
        double peakPssKib, double cpuS, double loadgenCpuS, double stealS, double stealShare) implements Metric.Run {

    /** steal_s / (duration_s x cores); NaN when any is missing or not positive (analysis.md 1). */
    static double stealShare(double stealS, double durationS, Integer cores) {
        return new StealCpus(cores, null, null).share(stealS, Double.NaN, Double.NaN, durationS);
    }

    boolean isPaper() {
        return dev.tpm.model.Campaign.PAPER.equals(study);
    }

    /** (socket errors + non_2xx) / requests (analysis.md 1). */
    double errorRate() {
        return socketAndHttpErrors / requests;
    }

    /** The per-run value of a metric of analysis.md 1-2 (or mean_power_w); NaN where missing. */
    double metric(String name) {
        Metric m = Metric.perRun(name);
        if (m == null) throw new IllegalArgumentException("unknown metric " + name);
        return m.read(this);
    }

    /** Every row of a run table, typed records straight from ingest (no cell-by-cell unpacking). */
    static List<RunRow> read(List<RunRecord> table) {
        return read(table, java.util.Map.of(), java.util.Map.of());
    }

    /**
     * Every row of a run table, each with the study of its campaign ({@code studyOfCampaign};
     * paper when absent) and its steal share (analysis.md 1, version 6: the largest of the device's,
     * the server CPUs' and the load generator CPUs' shares) from its campaign's CPU counts
     * ({@code cpusOfCampaign}; no share when absent).
     */
    static List<RunRow> read(List<RunRecord> table, java.util.Map<String, String> studyOfCampaign,
            java.util.Map<String, StealCpus> cpusOfCampaign) {
        List<RunRow> rows = new ArrayList<>(table.size());
        for (RunRecord rec : table) {
            dev.tpm.model.RunRow r = rec.row();
            double errors = 0;
            for (Long v : new Long[] {r.errorsConnect(), r.errorsRead(), r.errorsWrite(), r.errorsTimeout(), r.non2xx()}) {
                if (v != null) errors += v;
            }
            rows.add(new RunRow(text(rec.campaign()), text(rec.device()), rec.phase(), r.seq(), text(r.stack()), text(r.endpoint()),
                    r.concurrency(), r.warmup(), r.status(), text(r.throttled()), number(r.requests()), errors,
                    r.rps(), r.latP50Ms(), r.latP99Ms(), r.startupMs(), number(r.idleRssKib()),
                    number(r.peakRssKib()), r.energyJ(), r.meanPowerW(),
                    studyOfCampaign.getOrDefault(text(rec.campaign()), dev.tpm.model.Campaign.PAPER),
                    r.durationS(), r.latP90Ms(), number(r.idlePssKib()), number(r.peakPssKib()), r.cpuS(), r.loadgenCpuS(),
                    r.stealS(), cpusOfCampaign.getOrDefault(text(rec.campaign()), StealCpus.NONE)
                            .share(r.stealS(), r.serverStealS(), r.loadgenStealS(), r.durationS())));
        }
        return rows;
    }

    private static double number(Long v) {
        return v == null ? Double.NaN : v;
    }

    private static String text(String s) {
        return s == null ? "" : s.strip();
    }
}
