package dev.tpm.collect.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.collect.loadgen.AutocannonJson;
import dev.tpm.collect.loadgen.AutocannonTable;
import dev.tpm.collect.loadgen.WrkDoneJson;
import dev.tpm.collect.loadgen.LoadResult;
import dev.tpm.collect.loadgen.WrkTextReport;
import java.io.IOException;
import java.util.Optional;

/**
 * One saved load-generator output, its tool recognised from the content (studies.md "Importing
 * saved outputs"): an autocannon {@code --json} result (a JSON object), a wrk report followed by
 * the harness's done() line ({@value WrkDoneJson#MARKER}), a wrk text report with
 * {@code --latency}, or autocannon's text table. What is not a complete report is an error
 * naming the file.
 *
 * @param tool {@code wrk} or {@code autocannon}, campaign.json's load_generator.tool
 * @param extension of the evidence file, {@code json} or {@code txt}
 * @param startedAt the run's start as the tool printed it (autocannon's JSON), else null
 */
public record SavedReport(String tool, String extension, LoadResult result, String startedAt) {
    public static final String WRK = "wrk";
    public static final String AUTOCANNON = "autocannon";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Reads {@code text}; {@code where} names the file in errors. */
    public static SavedReport read(String text, String where) throws IOException {
        String t = text.strip();
        if (t.isEmpty()) throw new IOException(where + ": line 1, column 1: expected a wrk or autocannon report, found an empty file");
        if (t.startsWith("{")) {
            LoadResult r = AutocannonJson.parse(text, where);
            JsonNode start = JSON.readTree(text).get("start");
            return new SavedReport(AUTOCANNON, "json", r, start != null && start.isTextual() ? start.asText() : null);
        }
        int refused = text.indexOf("unable to connect to ");
        if (refused >= 0) {
            int line = lineOf(text, refused);
            throw new IOException(where + ": line " + line + ", column 1: expected a complete wrk report, found wrk's '"
                    + lineText(text, line) + "' (nothing was measured)");
        }
        Optional<LoadResult> exact = WrkDoneJson.find(text, where);
        if (exact.isPresent()) return new SavedReport(WRK, "txt", exact.get(), null);
        if (AutocannonTable.looksLike(text)) return new SavedReport(AUTOCANNON, "txt", AutocannonTable.parse(text, where), null);
        if (t.startsWith("Running ") && text.contains(" threads and ")) {
            WrkTextReport report = WrkTextReport.parse(text, where);
            if (!text.contains("Latency Distribution")) {
                throw new IOException(where + ": line " + (lineCount(text)) + ", column 1: expected wrk's \"Latency Distribution\" "
                        + "(wrk run with --latency), found a report without percentiles");
            }
            for (int p : new int[] {50, 99}) {
                if (!report.latencyDistributionMs().containsKey(p)) {
                    throw new IOException(where + ": line " + lineCount(text) + ", column 1: expected the " + p
                            + "% line of wrk's \"Latency Distribution\", found none");
                }
            }
            return new SavedReport(WRK, "txt", report.toResult(), null);
        }
        throw new IOException(where + ": line 1, column 1: expected a wrk report (\"Running ... test @ ...\"), wrk's "
                + WrkDoneJson.MARKER + " line, autocannon's --json object or autocannon's table, found '" + lineText(text, 1) + "'");
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) if (text.charAt(i) == '\n') line++;
        return line;
    }

    private static int lineCount(String text) {
        return lineOf(text, text.stripTrailing().length());
    }

    private static String lineText(String text, int line) {
        String[] lines = text.split("\r?\n", -1);
        String s = line - 1 < lines.length ? lines[line - 1].strip() : "";
        return s.length() <= 80 ? s : s.substring(0, 80) + "...";
    }
}
