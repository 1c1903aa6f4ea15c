package dev.tpm.collect.loadgen;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * autocannon's text report (its default output, lib/printResult.js of autocannon 7 to 9):
 *
 * <pre>
 * Running 3s test @ http://127.0.0.1:18461/
 * 10 connections
 *
 * ┌─────────┬──────┬──────┬───────┬──────┬─────────┬────────┬────────┐
 * │ Stat    │ 2.5% │ 50%  │ 97.5% │ 99%  │ Avg     │ Stdev  │ Max    │
 * ├─────────┼──────┼──────┼───────┼──────┼─────────┼────────┼────────┤
 * │ Latency │ 0 ms │ 0 ms │ 0 ms  │ 3 ms │ 0.14 ms │ 1.9 ms │ 124 ms │
 * └─────────┴──────┴──────┴───────┴──────┴─────────┴────────┴────────┘
 * ┌───────────┬─────────┬─────────┬─────────┬─────────┬───────────┬───────────┬─────────┐
 * │ Stat      │ 1%      │ 2.5%    │ 50%     │ 97.5%   │ Avg       │ Stdev     │ Min     │
 * ├───────────┼─────────┼─────────┼─────────┼─────────┼───────────┼───────────┼─────────┤
 * │ Req/Sec   │ 13,255  │ 13,255  │ 28,047  │ 50,111  │ 30,462.67 │ 15,138.74 │ 13,252  │
 * ...
 * 12 2xx responses, 12 non 2xx responses          (only when there were some)
 * 91k requests in 3.11s, 6.95 MB read
 * 4 errors (0 timeouts)                           (only when there were some)
 * </pre>
 *
 * Values as printed: rps = the Req/Sec Avg (thousands separators removed), duration_s, the
 * latency p50, p99, Avg (mean) and Max in ms; the table has no p75 or p90 (missing). requests
 * is the "requests in" count, which autocannon prints from requests.sent, rounded to thousands
 * above 999 ("91k" = 91000). non_2xx is autocannon's "non 2xx responses" (every status outside
 * 2xx). errors and timeouts as in {@link AutocannonJson}: timeouts to errors_timeout, the other
 * errors to errors_connect. A report whose Req/Sec Avg is 0 (no response at all) keeps its latencies
 * missing (autocannon prints zeros).
 */
public final class AutocannonTable {
    /** {@link LoadResult#source()} of results read from autocannon's text table. */
    public static final String SOURCE = "autocannon-table";

    private static final Pattern HEADER = Pattern.compile("^│\\s*Stat\\s*│.*");
    private static final Pattern TOTALS = Pattern.compile("^(\\S+) requests in (\\S+)s, .* read\\s*$");
    private static final Pattern ERRORS = Pattern.compile("^(\\S+) errors \\((\\S+) timeouts\\)\\s*$");
    private static final Pattern STATUS = Pattern.compile("^(\\d+) 2xx responses, (\\d+) non 2xx responses\\s*$");
    private static final Pattern NUMBER = Pattern.compile("^(\\d{1,3}(?:,\\d{3})*|\\d+)(\\.\\d+)?$");

    private AutocannonTable() {}

    /** True when {@code text} looks like autocannon's table (its "│ Stat │ 2.5% │" header). */
    public static boolean looksLike(String text) {
        for (String line : text.split("\r?\n")) {
            if (HEADER.matcher(line.strip()).matches()) return true;
        }
        return false;
    }

    /** Parses {@code text}; errors name {@code where} (the file), the line and the column. */
    public static LoadResult parse(String text, String where) throws IOException {
        String[] lines = text.split("\r?\n", -1);
        List<String> header = null;
        List<String> latency = null;
        List<String> latencyHeader = null;
        List<String> reqSec = null;
        List<String> reqSecHeader = null;
        int latencyLine = 0;
        int reqSecLine = 0;
        long requests = -1;
        double durationS = Double.NaN;
        long errors = 0;
        long timeouts = 0;
        long non2xx = 0;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            Matcher m;
            if (line.startsWith("│")) {
                List<String> cells = cells(line);
                if (cells.isEmpty()) continue;
                switch (cells.get(0)) {
                    case "Stat" -> header = cells;
                    case "Latency" -> {
                        latency = cells;
                        latencyHeader = header;
                        latencyLine = i + 1;
                    }
                    case "Req/Sec" -> {
                        reqSec = cells;
                        reqSecHeader = header;
                        reqSecLine = i + 1;
                    }
                    default -> { }
                }
            } else if ((m = TOTALS.matcher(line)).matches()) {
                requests = count(m.group(1), where, i + 1, col(lines[i], m, 1));
                durationS = decimal(m.group(2), where, i + 1, col(lines[i], m, 2));
            } else if ((m = ERRORS.matcher(line)).matches()) {
                errors = count(m.group(1), where, i + 1, col(lines[i], m, 1));
                timeouts = count(m.group(2), where, i + 1, col(lines[i], m, 2));
            } else if ((m = STATUS.matcher(line)).matches()) {
                non2xx = Long.parseLong(m.group(2));
            }
        }
        int end = lines.length;
        if (latency == null) throw error(where, end, 1, "autocannon's \"│ Latency │\" table row", "none");
        if (reqSec == null) throw error(where, end, 1, "autocannon's \"│ Req/Sec │\" table row", "none");
        if (requests < 0) throw error(where, end, 1, "a line \"<n> requests in <s>s, <size> read\"", "none");
        double rps = number(cell(reqSec, reqSecHeader, "Avg", where, reqSecLine), where, reqSecLine);
        boolean none = rps == 0; // the mean of the per-second counts: 0 only when nothing was answered
        double p50 = none ? Double.NaN : ms(cell(latency, latencyHeader, "50%", where, latencyLine), where, latencyLine);
        double p99 = none ? Double.NaN : ms(cell(latency, latencyHeader, "99%", where, latencyLine), where, latencyLine);
        double mean = none ? Double.NaN : ms(cell(latency, latencyHeader, "Avg", where, latencyLine), where, latencyLine);
        double stdev = none ? Double.NaN : ms(cell(latency, latencyHeader, "Stdev", where, latencyLine), where, latencyLine);
        double max = none ? Double.NaN : ms(cell(latency, latencyHeader, "Max", where, latencyLine), where, latencyLine);
        if (timeouts > errors) {
            throw error(where, end, 1, "at most as many timeouts as errors (" + errors + ")", Long.toString(timeouts));
        }
        return new LoadResult(SOURCE, requests, durationS, errors - timeouts, 0, 0, timeouts, non2xx, rps,
                mean, stdev, max, p50, Double.NaN, Double.NaN, p99);
    }

    /** The cells of a box-drawing table row, trimmed. */
    private static List<String> cells(String line) {
        List<String> out = new ArrayList<>();
        for (String c : line.split("│", -1)) out.add(c.strip());
        if (!out.isEmpty() && out.get(0).isEmpty()) out.remove(0);
        if (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) out.remove(out.size() - 1);
        return out;
    }

    private static String cell(List<String> row, List<String> header, String column, String where, int line)
            throws IOException {
        int k = header == null ? -1 : header.indexOf(column);
        if (k < 0 || k >= row.size()) {
            throw error(where, line, 1, "a \"" + column + "\" column in the table above the " + row.get(0) + " row",
                    header == null ? "no header" : String.join(" | ", header));
        }
        return row.get(k);
    }

    private static int col(String raw, Matcher m, int group) {
        return raw.indexOf(raw.strip()) + m.start(group) + 1;
    }

    /** A latency cell such as "0.14 ms". */
    private static double ms(String cell, String where, int line) throws IOException {
        if (!cell.endsWith(" ms")) throw error(where, line, 1, "a latency such as '0.14 ms'", cell);
        return number(cell.substring(0, cell.length() - 3), where, line);
    }

    /** A number as autocannon prints it through toLocaleString: 30,462.67. */
    private static double number(String cell, String where, int line) throws IOException {
        Matcher m = NUMBER.matcher(cell);
        if (!m.matches()) throw error(where, line, 1, "a number such as 30,462.67", cell);
        return Double.parseDouble(cell.replace(",", ""));
    }

    private static double decimal(String s, String where, int line, int column) throws IOException {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw error(where, line, column, "a duration in seconds", s);
        }
    }

    /** autocannon's format(): the number below 1000, else thousands rounded with a k. */
    private static long count(String s, String where, int line, int column) throws IOException {
        try {
            if (s.endsWith("k")) return Long.parseLong(s.substring(0, s.length() - 1)) * 1000;
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw error(where, line, column, "a count such as 912 or 91k", s);
        }
    }

    private static IOException error(String where, int line, int column, String expected, String found) {
        return new IOException(where + ": line " + line + ", column " + column + ": expected " + expected
                + ", found '" + found + "'");
    }
}
