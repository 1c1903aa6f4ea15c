package dev.tpm.analysis;

import dev.tpm.model.Metrics;
import dev.tpm.model.RunColumns;
import java.util.ArrayList;
import java.util.List;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * One row of a phase-1 or phase-2 run table as the analysis reads it; missing numbers are NaN.
 * {@link #metric} gives the per-run metrics of analysis.md 1, derived ones included.
 *
 * @param socketAndHttpErrors errors_connect + errors_read + errors_write + errors_timeout + non_2xx
 *     (a missing count is 0)
 */
record RunRow(
        String campaign, String device, int phase, long seq, String stack, String endpoint, int concurrency,
        boolean warmup, String status, String throttled, double requests, double socketAndHttpErrors,
        double rps, double latP50Ms, double latP99Ms, double startupMs, double idleRssKib, double peakRssKib,
        double energyJ, double meanPowerW, String study, double durationS, double latP90Ms, double idlePssKib,
        double peakPssKib, double cpuS) {

    /** A row of a paper campaign without the columns version 2 added to the analysis. */
    RunRow(String campaign, String device, int phase, long seq, String stack, String endpoint, int concurrency,
            boolean warmup, String status, String throttled, double requests, double socketAndHttpErrors,
            double rps, double latP50Ms, double latP99Ms, double startupMs, double idleRssKib, double peakRssKib,
            double energyJ, double meanPowerW) {
        this(campaign, device, phase, seq, stack, endpoint, concurrency, warmup, status, throttled, requests,
                socketAndHttpErrors, rps, latP50Ms, latP99Ms, startupMs, idleRssKib, peakRssKib, energyJ, meanPowerW,
                dev.tpm.model.Campaign.PAPER, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    boolean isPaper() {
        return dev.tpm.model.Campaign.PAPER.equals(study);
    }

    /** Milli per unit, for energy_mj_per_req = energy_j * 1000 / requests. */
    private static final double MILLI = 1000.0;

    /** (socket errors + non_2xx) / requests (analysis.md 1). */
    double errorRate() {
        return socketAndHttpErrors / requests;
    }

    /** The per-run value of a metric of analysis.md 1-2 (or mean_power_w); NaN where missing. */
    double metric(String name) {
        return switch (name) {
            case Metrics.RPS -> rps;
            case Metrics.LAT_P50_MS -> latP50Ms;
            case Metrics.LAT_P99_MS -> latP99Ms;
            case Metrics.IDLE_RSS_MIB -> idleRssKib / Metrics.KIB_PER_MIB;
            case Metrics.PEAK_RSS_MIB -> peakRssKib / Metrics.KIB_PER_MIB;
            case Metrics.RPS_PER_MIB -> rps / (peakRssKib / Metrics.KIB_PER_MIB);
            case Metrics.STARTUP_MS -> startupMs;
            case Metrics.ENERGY_MJ_PER_REQ -> energyJ * MILLI / requests;
            case Metrics.MEAN_POWER_W -> meanPowerW;
            case Metrics.LAT_P90_MS -> latP90Ms;
            case Metrics.IDLE_PSS_MIB -> idlePssKib / Metrics.KIB_PER_MIB;
            case Metrics.PEAK_PSS_MIB -> peakPssKib / Metrics.KIB_PER_MIB;
            case Metrics.CPU_CORES -> durationS > 0 ? cpuS / durationS : Double.NaN;
            case Metrics.RPS_PER_CPU_S -> cpuS > 0 ? requests / cpuS : Double.NaN;
            default -> throw new IllegalArgumentException("unknown metric " + name);
        };
    }

    /** Every row of a run table (RunColumns plus campaign, device, phase); phase defaults to the given one. */
    static List<RunRow> read(Table table, int defaultPhase) {
        return read(table, defaultPhase, java.util.Map.of());
    }

    /**
     * Every row of a run table, each with the study of its campaign ({@code studyOfCampaign};
     * paper when absent).
     */
    static List<RunRow> read(Table table, int defaultPhase, java.util.Map<String, String> studyOfCampaign) {
        Reader r = new Reader(table);
        List<RunRow> rows = new ArrayList<>(table.rowCount());
        for (int i = 0; i < table.rowCount(); i++) {
            double phase = r.number(RunColumns.PHASE, i);
            double errors = 0;
            for (String c : List.of(RunColumns.ERRORS_CONNECT, RunColumns.ERRORS_READ, RunColumns.ERRORS_WRITE,
                    RunColumns.ERRORS_TIMEOUT, RunColumns.NON_2XX)) {
                double v = r.number(c, i);
                if (!Double.isNaN(v)) errors += v;
            }
            rows.add(new RunRow(
                    r.text(RunColumns.CAMPAIGN, i), r.text(RunColumns.DEVICE, i),
                    Double.isNaN(phase) ? defaultPhase : (int) phase,
                    (long) r.number(RunColumns.SEQ, i), r.text(RunColumns.STACK, i), r.text(RunColumns.ENDPOINT, i),
                    (int) r.number(RunColumns.CONCURRENCY, i), r.number(RunColumns.WARMUP, i) == 1,
                    r.text(RunColumns.STATUS, i), r.text(RunColumns.THROTTLED, i),
                    r.number(RunColumns.REQUESTS, i), errors,
                    r.number(RunColumns.RPS, i), r.number(RunColumns.LAT_P50_MS, i), r.number(RunColumns.LAT_P99_MS, i),
                    r.number(RunColumns.STARTUP_MS, i), r.number(RunColumns.IDLE_RSS_KIB, i),
                    r.number(RunColumns.PEAK_RSS_KIB, i), r.number(RunColumns.ENERGY_J, i),
                    r.number(RunColumns.MEAN_POWER_W, i),
                    studyOfCampaign.getOrDefault(r.text(RunColumns.CAMPAIGN, i), dev.tpm.model.Campaign.PAPER),
                    r.number(RunColumns.DURATION_S, i), r.number(RunColumns.LAT_P90_MS, i),
                    r.number(RunColumns.IDLE_PSS_KIB, i), r.number(RunColumns.PEAK_PSS_KIB, i), r.number(RunColumns.CPU_S, i)));
        }
        return rows;
    }

    /** Cell access by column name, tolerant of absent columns and of Tablesaw's missing values. */
    private static final class Reader {
        private final Table table;

        Reader(Table table) {
            this.table = table;
        }

        double number(String column, int row) {
            if (!table.containsColumn(column)) return Double.NaN;
            Column<?> c = table.column(column);
            if (c.isMissing(row)) return Double.NaN;
            Object v = c.get(row);
            if (v instanceof Number n) return n.doubleValue();
            throw new IllegalArgumentException("run table column " + column + " row " + row + ": expected a number, found " + v);
        }

        String text(String column, int row) {
            if (!table.containsColumn(column)) return "";
            Column<?> c = table.column(column);
            if (c.isMissing(row)) return "";
            return String.valueOf(c.get(row)).strip();
        }
    }
}
