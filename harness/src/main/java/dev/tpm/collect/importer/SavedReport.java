package dev.tpm.collect.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.collect.loadgen.AutocannonJson;
import dev.tpm.collect.loadgen.AutocannonTable;
import dev.tpm.collect.loadgen.LoadResult;
import dev.tpm.collect.loadgen.OhaJson;
import dev.tpm.collect.loadgen.WrkDoneJson;
import dev.tpm.collect.loadgen.WrkTextReport;
import java.io.IOException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One saved load-generator output, its tool recognised from the content (studies.md "Importing
 * saved outputs"): an oha {@code --output-format json} result or an autocannon {@code --json}
 * result (a JSON object, told apart by its keys), a wrk report followed by the harness's done()
 * line ({@value WrkDoneJson#MARKER}), a wrk text report with {@code --latency}, or autocannon's
 * text table. Files are taken as people keep them: a terminal's copy (ANSI colour and cursor
 * codes removed, a line redrawn in place by carriage returns read as the terminal last showed it,
 * a shell prompt and command above the report skipped) and CRLF line ends. What is not a
 * complete report is an error naming the file.
 *
 * @param tool {@code wrk}, {@code autocannon} or {@code oha}, campaign.json's load_generator.tool
 * @param extension of the evidence file, {@code json} or {@code txt}
 * @param startedAt the run's start as the tool printed it (autocannon's JSON), else null
 */
public record SavedReport(String tool, String extension, LoadResult result, String startedAt) {
    public static final String WRK = dev.tpm.collect.loadgen.LoadGenerator.WRK;
    public static final String AUTOCANNON = dev.tpm.collect.loadgen.LoadGenerator.AUTOCANNON;
    public static final String OHA = dev.tpm.collect.loadgen.LoadGenerator.OHA;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** ECMA-48 control sequences: CSI (colours, cursor moves, erase line), OSC strings, two-byte escapes. */
    private static final Pattern ANSI = Pattern.compile(
            "\u001B\\[[0-?]*[ -/]*[@-~]|\u001B\\][^\u0007\u001B]*(?:\u0007|\u001B\\\\)|\u001B[@-Z\\\\-_]");
    private static final Pattern WRK_RUNNING = Pattern.compile("(?m)^Running \\S+ test @ \\S+\\s*$");

    /**
     * What a terminal showed of {@code text}: control sequences removed, and of each line only what
     * follows its last carriage return (a progress bar redrawn in place), or, for a line that ends
     * in one, what precedes it; line ends as LF, so line numbers stay the file's.
     */
    static String asShown(String text) {
        String noAnsi = ANSI.matcher(text).replaceAll("");
        StringBuilder b = new StringBuilder();
        String[] lines = noAnsi.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            while (l.endsWith("\r")) l = l.substring(0, l.length() - 1);
            int cr = l.lastIndexOf('\r');
            if (cr >= 0) l = l.substring(cr + 1);
            if (i > 0) b.append('\n');
            b.append(l);
        }
        return b.toString();
    }

    /** Reads {@code raw}, a file's text as saved; {@code where} names the file in errors. */
    public static SavedReport read(String raw, String where) throws IOException {
        String text = asShown(raw);
        String t = text.strip();
        if (t.isEmpty()) throw new IOException(where + ": line 1, column 1: expected a wrk, autocannon or oha report, found an empty file");
        if (t.startsWith("{")) {
            JsonNode root;
            try {
                root = JSON.readTree(text);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                root = null; // truncated: the parser below names the line and column
            }
            if (OhaJson.looksLike(root)) return new SavedReport(OHA, "json", OhaJson.parse(text, where), null);
            LoadResult r = AutocannonJson.parse(text, where);
            JsonNode start = root == null ? null : root.get("start");
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
        if (WRK_RUNNING.matcher(text).find() && text.contains(" threads and ")) {
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
                + WrkDoneJson.MARKER + " line, autocannon's --json object or table, or oha's JSON, found '" + lineText(text, 1) + "'");
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
