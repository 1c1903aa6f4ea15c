package dev.tpm.model;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.Arrays;
import java.util.List;

/**
 * One row of phase1.csv, phase2.csv, phase4.csv or phase5.csv (data.md), every column of {@link RunColumns#CSV}: what the
 * harness writes and what ingest reads, through the one codec (dev.tpm.codec.RunCsv).
 * Missing values: NaN for decimals, null for integers and text; they are written as empty cells.
 *
 * @param threads null when the file leaves the column out or empty
 * @param round version 5: the run's round in a campaign ordered in rounds, null otherwise
 * @param quietWaitS version 5: seconds waited for the CPUs to be quiet before the run, NaN when not recorded
 * @param serverStealS version 6: steal of the server's pinned CPUs over the window (s), NaN when not recorded
 * @param loadgenStealS version 6: steal of the load generator's pinned CPUs on the same host (s), NaN when not recorded
 * @param latencyCorrected null when missing (data.md's 0/1 column latency_corrected)
 * @param status the status column (written as its {@link RunStatus#text()})
 */
@RecordBuilder
public record RunRow(
        long seq,
        String stack,
        String endpoint,
        int concurrency,
        Integer threads,
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
        double latP999Ms,
        Long peakCgroupKib,
        double offeredRps,
        double priorLoadS,
        double stealS,
        double serverStealS,
        double loadgenStealS,
        Integer round,
        double quietWaitS,
        Boolean latencyCorrected,
        RunStatus status,
        String note) implements RunRowBuilder.With {

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
        return status == RunStatus.OK;
    }

    /**
     * The values in {@link RunColumns#CSV} order, typed as the column's {@link RunColumns.Column#type()}
     * (Long, Integer, Double, String; the status as its column text), null for missing.
     */
    public Object[] values() {
        return new Object[] {
            seq, stack, endpoint, concurrency, threads, run, warmup ? 1 : 0, startedAt,
            boxed(durationS), requests, errorsConnect, errorsRead, errorsWrite, errorsTimeout, non2xx,
            boxed(rps), boxed(latMeanMs), boxed(latP50Ms), boxed(latP75Ms), boxed(latP90Ms), boxed(latP99Ms),
            boxed(latMaxMs), boxed(startupMs), idleRssKib, peakRssKib, idlePssKib, peakPssKib,
            boxed(cpuS), boxed(energyJ), boxed(meanPowerW), throttled, boxed(loadgenCpuS), seededRows,
            boxed(tempMaxC), boxed(freqMinMhz), boxed(latP999Ms), peakCgroupKib, boxed(offeredRps),
            boxed(priorLoadS), boxed(stealS), boxed(serverStealS), boxed(loadgenStealS), round, boxed(quietWaitS), latencyCorrected == null ? null : latencyCorrected ? 1 : 0,
            status == null ? null : status.text(), note};
    }

    public static List<String> header() {
        return RunColumns.CSV.stream().map(RunColumns.Column::name).toList();
    }

    /**
     * The row of values in {@link RunColumns#CSV} order as {@link #values()} gives them; every
     * required column ({@link RunColumns#REQUIRED}) must be present.
     */
    public static RunRow of(Object[] v) {
        if (v.length != RunColumns.CSV.size()) throw new IllegalArgumentException("values: " + Arrays.toString(v));
        int i = 0;
        return new RunRow((Long) v[i++], (String) v[i++], (String) v[i++], (Integer) v[i++], (Integer) v[i++],
                (Integer) v[i++], ((Integer) v[i++]) == 1, (String) v[i++], unboxed(v[i++]), (Long) v[i++],
                (Long) v[i++], (Long) v[i++], (Long) v[i++], (Long) v[i++], (Long) v[i++], unboxed(v[i++]),
                unboxed(v[i++]), unboxed(v[i++]), unboxed(v[i++]), unboxed(v[i++]), unboxed(v[i++]), unboxed(v[i++]),
                unboxed(v[i++]), (Long) v[i++], (Long) v[i++], (Long) v[i++], (Long) v[i++], unboxed(v[i++]),
                unboxed(v[i++]), unboxed(v[i++]), (String) v[i++], unboxed(v[i++]), (Long) v[i++], unboxed(v[i++]),
                unboxed(v[i++]), unboxed(v[i++]), (Long) v[i++], unboxed(v[i++]), unboxed(v[i++]), unboxed(v[i++]),
                unboxed(v[i++]), unboxed(v[i++]), (Integer) v[i++], unboxed(v[i++]), flag(v[i++]),
                status(v[i++]),
                (String) v[i++]);
    }

    private static Double boxed(double x) {
        return Double.isNaN(x) ? null : x;
    }

    private static double unboxed(Object x) {
        return x == null ? Double.NaN : (Double) x;
    }

    private static Boolean flag(Object x) {
        return x == null ? null : ((Integer) x) == 1;
    }

    private static RunStatus status(Object x) {
        if (x == null) return null;
        RunStatus s = RunStatus.ofText((String) x);
        if (s == null) throw new IllegalArgumentException("status: " + x);
        return s;
    }

    /** Builds rows field by field (the harness fills what it measured, leaves the rest missing). */
    public static final class Builder {
        public long seq;
        public String stack;
        public String endpoint;
        public int concurrency;
        public Integer threads;
        public int run;
        public boolean warmup;
        public String startedAt;
        public double durationS = Double.NaN;
        public Long requests;
        public Long errorsConnect;
        public Long errorsRead;
        public Long errorsWrite;
        public Long errorsTimeout;
        public Long non2xx;
        public double rps = Double.NaN;
        public double latMeanMs = Double.NaN;
        public double latP50Ms = Double.NaN;
        public double latP75Ms = Double.NaN;
        public double latP90Ms = Double.NaN;
        public double latP99Ms = Double.NaN;
        public double latMaxMs = Double.NaN;
        public double startupMs = Double.NaN;
        public Long idleRssKib;
        public Long peakRssKib;
        public Long idlePssKib;
        public Long peakPssKib;
        public double cpuS = Double.NaN;
        public double energyJ = Double.NaN;
        public double meanPowerW = Double.NaN;
        public String throttled;
        public double loadgenCpuS = Double.NaN;
        public Long seededRows;
        public double tempMaxC = Double.NaN;
        public double freqMinMhz = Double.NaN;
        public double latP999Ms = Double.NaN;
        public Long peakCgroupKib;
        public double offeredRps = Double.NaN;
        public double priorLoadS = Double.NaN;
        public double stealS = Double.NaN;
        public double serverStealS = Double.NaN;
        public double loadgenStealS = Double.NaN;
        public Integer round;
        public double quietWaitS = Double.NaN;
        public Boolean latencyCorrected;
        public RunStatus status;
        public String note;

        public Builder(long seq, String stack, String endpoint, int concurrency, Integer threads, int run,
                boolean warmup) {
            this.seq = seq;
            this.stack = stack;
            this.endpoint = endpoint;
            this.concurrency = concurrency;
            this.threads = threads;
            this.run = run;
            this.warmup = warmup;
        }

        /** The row; a note becomes one physical line (newlines escaped), and empty text is missing. */
        public RunRow build() {
            String n = note == null ? null : oneLine(note);
            return new RunRow(seq, stack, endpoint, concurrency, threads, run, warmup, blankToNull(startedAt),
                    durationS, requests, errorsConnect, errorsRead, errorsWrite, errorsTimeout, non2xx, rps, latMeanMs,
                    latP50Ms, latP75Ms, latP90Ms, latP99Ms, latMaxMs, startupMs, idleRssKib, peakRssKib, idlePssKib,
                    peakPssKib, cpuS, energyJ, meanPowerW, blankToNull(throttled), loadgenCpuS, seededRows, tempMaxC,
                    freqMinMhz, latP999Ms, peakCgroupKib, offeredRps, priorLoadS, stealS, serverStealS, loadgenStealS, round, quietWaitS,
                    latencyCorrected, status,
                    blankToNull(n));
        }

        private static String blankToNull(String s) {
            return s == null || s.isEmpty() ? null : s;
        }
    }
}
