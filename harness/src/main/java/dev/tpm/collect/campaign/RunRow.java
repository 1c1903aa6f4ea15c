package dev.tpm.collect.campaign;

import static dev.tpm.model.RunColumns.*;

import dev.tpm.model.RunColumns;
import dev.tpm.codec.Num;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row of phase1.csv or phase2.csv (data.md), every column of {@link RunColumns#CSV}.
 * Missing values: NaN for decimals, null for integers and text; they are written as empty cells.
 */
public record RunRow(
        long seq,
        String stack,
        String endpoint,
        int concurrency,
        int threads,
        int run,
        boolean warmup,
        String startedAt,
        double durationS,
        Long requests,
        Long errorsConnect,
        Long errorsRead,
        Long errorsWrite,
        Long errorsTimeout,
        Long non2xx,
        double rps,
        double latMeanMs,
        double latP50Ms,
        double latP75Ms,
        double latP90Ms,
        double latP99Ms,
        double latMaxMs,
        double startupMs,
        Long idleRssKib,
        Long peakRssKib,
        Long idlePssKib,
        Long peakPssKib,
        double cpuS,
        double energyJ,
        double meanPowerW,
        String throttled,
        double loadgenCpuS,
        Long seededRows,
        double tempMaxC,
        double freqMinMhz,
        String status,
        String note) {

    public RunRow {
        if (note != null) note = oneLine(note); // one physical line per row
    }

    /**
     * {@code text} on one line: CR and LF written as the two characters {@code \r} and {@code \n}
     * (idempotent, so a row read back is the row written).
     */
    public static String oneLine(String text) {
        return text.strip().replace("\r", "\\r").replace("\n", "\\n");
    }

    public RunKey key() {
        return new RunKey(stack, endpoint, concurrency, run, warmup);
    }

    public boolean ok() {
        return STATUS_OK.equals(status);
    }

    /** Cells in {@link RunColumns#CSV} order. */
    public List<String> cells() {
        Map<String, String> c = new LinkedHashMap<>();
        c.put(SEQ, Num.csv(seq));
        c.put(STACK, stack);
        c.put(ENDPOINT, endpoint);
        c.put(CONCURRENCY, Integer.toString(concurrency));
        c.put(THREADS, Integer.toString(threads));
        c.put(RUN, Integer.toString(run));
        c.put(WARMUP, warmup ? "1" : "0");
        c.put(STARTED_AT, text(startedAt));
        c.put(DURATION_S, Num.csv(durationS));
        c.put(REQUESTS, Num.csv(requests));
        c.put(ERRORS_CONNECT, Num.csv(errorsConnect));
        c.put(ERRORS_READ, Num.csv(errorsRead));
        c.put(ERRORS_WRITE, Num.csv(errorsWrite));
        c.put(ERRORS_TIMEOUT, Num.csv(errorsTimeout));
        c.put(NON_2XX, Num.csv(non2xx));
        c.put(RPS, Num.csv(rps));
        c.put(LAT_MEAN_MS, Num.csv(latMeanMs));
        c.put(LAT_P50_MS, Num.csv(latP50Ms));
        c.put(LAT_P75_MS, Num.csv(latP75Ms));
        c.put(LAT_P90_MS, Num.csv(latP90Ms));
        c.put(LAT_P99_MS, Num.csv(latP99Ms));
        c.put(LAT_MAX_MS, Num.csv(latMaxMs));
        c.put(STARTUP_MS, Num.csv(startupMs));
        c.put(IDLE_RSS_KIB, Num.csv(idleRssKib));
        c.put(PEAK_RSS_KIB, Num.csv(peakRssKib));
        c.put(IDLE_PSS_KIB, Num.csv(idlePssKib));
        c.put(PEAK_PSS_KIB, Num.csv(peakPssKib));
        c.put(CPU_S, Num.csv(cpuS));
        c.put(ENERGY_J, Num.csv(energyJ));
        c.put(MEAN_POWER_W, Num.csv(meanPowerW));
        c.put(THROTTLED, text(throttled));
        c.put(LOADGEN_CPU_S, Num.csv(loadgenCpuS));
        c.put(SEEDED_ROWS, Num.csv(seededRows));
        c.put(TEMP_MAX_C, Num.csv(tempMaxC));
        c.put(FREQ_MIN_MHZ, Num.csv(freqMinMhz));
        c.put(STATUS, status);
        c.put(NOTE, text(note));
        List<String> out = new ArrayList<>();
        for (RunColumns.Column col : RunColumns.CSV) out.add(c.get(col.name()));
        return out;
    }

    public static List<String> header() {
        return RunColumns.CSV.stream().map(RunColumns.Column::name).toList();
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }

    /** Builds rows field by field (the runner fills what it measured, leaves the rest missing). */
    public static final class Builder {
        long seq;
        String stack;
        String endpoint;
        int concurrency;
        int threads;
        int run;
        boolean warmup;
        String startedAt;
        double durationS = Double.NaN;
        Long requests;
        Long errorsConnect;
        Long errorsRead;
        Long errorsWrite;
        Long errorsTimeout;
        Long non2xx;
        double rps = Double.NaN;
        double latMeanMs = Double.NaN;
        double latP50Ms = Double.NaN;
        double latP75Ms = Double.NaN;
        double latP90Ms = Double.NaN;
        double latP99Ms = Double.NaN;
        double latMaxMs = Double.NaN;
        double startupMs = Double.NaN;
        Long idleRssKib;
        Long peakRssKib;
        Long idlePssKib;
        Long peakPssKib;
        double cpuS = Double.NaN;
        double energyJ = Double.NaN;
        double meanPowerW = Double.NaN;
        String throttled;
        double loadgenCpuS = Double.NaN;
        Long seededRows;
        double tempMaxC = Double.NaN;
        double freqMinMhz = Double.NaN;
        String status;
        String note;

        public Builder(long seq, String stack, String endpoint, int concurrency, int threads, int run, boolean warmup) {
            this.seq = seq;
            this.stack = stack;
            this.endpoint = endpoint;
            this.concurrency = concurrency;
            this.threads = threads;
            this.run = run;
            this.warmup = warmup;
        }

        public RunRow build() {
            return new RunRow(seq, stack, endpoint, concurrency, threads, run, warmup, startedAt, durationS, requests,
                    errorsConnect, errorsRead, errorsWrite, errorsTimeout, non2xx, rps, latMeanMs, latP50Ms, latP75Ms,
                    latP90Ms, latP99Ms, latMaxMs, startupMs, idleRssKib, peakRssKib, idlePssKib, peakPssKib, cpuS,
                    energyJ, meanPowerW, throttled, loadgenCpuS, seededRows, tempMaxC, freqMinMhz, status, note);
        }
    }
}
