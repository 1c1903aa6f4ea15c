package dev.tpm.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * README.md quotes a number from a flagged table row only with its flag: a row whose runs saturated
 * the host, whose group has fewer than min_n runs (small n), that is not comparable with the paper,
 * or whose value is censored ("≥ X") holds numbers that mean less than they seem, and a sentence
 * of the results section that quotes one of them names the flag (outputs.md, "the README and the
 * report say only what the tables hold").
 */
class ReadmeFlagsTest {
    /** A flag of a table row and the words a sentence names it by. */
    enum Flag {
        SATURATED("saturat"), SMALL_N("small n|fewer than min_n|n < min_n"), NOT_COMPARABLE("not comparable"),
        CENSORED("censored|≥|at least");

        final Pattern named;

        Flag(String words) {
            this.named = Pattern.compile(words, Pattern.CASE_INSENSITIVE);
        }
    }

    /** A data row of a Markdown table under tables/: its numbers as written, and its flags. */
    record Row(String file, Set<String> numbers, Set<Flag> flags) {}

    private static final Pattern NUMBER = Pattern.compile("(?<![\\d.])\\d+(?:\\.\\d+)?(?![\\d])");
    private static final Pattern SATURATED_CELL = Pattern.compile("[1-9]\\d* of \\d+");

    /** Every data row of every Markdown table under tables/. */
    static List<Row> rows(Path tables) throws IOException {
        List<Row> rows = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(tables)) {
            files = walk.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        }
        for (Path f : files) rows.addAll(rows(f.toString(), Files.readString(f, StandardCharsets.UTF_8)));
        return rows;
    }

    /**
     * The data rows of one Markdown file's tables: each table's header, then rows after its | --- |
     * line. A line outside a table (the caption, a note) is a row without flags: what it states, a
     * ratio of the study tables' notes for instance, is stated there without a flag, so a number
     * of it is not quoted from a flagged row only because it also happens to be a digit string of one.
     */
    static List<Row> rows(String file, String markdown) {
        List<Row> rows = new ArrayList<>();
        List<String> header = null;
        boolean body = false;
        for (String line : markdown.split("\n")) {
            if (!line.startsWith("|")) {
                header = null;
                body = false;
                Set<String> prose = new LinkedHashSet<>();
                Matcher m = NUMBER.matcher(line);
                while (m.find()) prose.add(m.group());
                if (!prose.isEmpty()) rows.add(new Row(file, prose, java.util.EnumSet.noneOf(Flag.class)));
                continue;
            }
            List<String> cells = cells(line);
            if (header == null) {
                header = cells;
                continue;
            }
            if (!body) {
                body = true; // the | :--- | line
                continue;
            }
            Set<Flag> flags = java.util.EnumSet.noneOf(Flag.class);
            for (int i = 0; i < cells.size(); i++) {
                String c = cells.get(i);
                String h = i < header.size() ? header.get(i) : "";
                if (h.contains("saturated") && SATURATED_CELL.matcher(c).matches()) flags.add(Flag.SATURATED);
                if (c.contains("small n")) flags.add(Flag.SMALL_N);
                if (c.contains("not comparable")) flags.add(Flag.NOT_COMPARABLE);
                if (c.startsWith("≥")) flags.add(Flag.CENSORED);
            }
            Set<String> numbers = new LinkedHashSet<>();
            Matcher m = NUMBER.matcher(line);
            while (m.find()) numbers.add(m.group());
            rows.add(new Row(file, numbers, flags));
        }
        return rows;
    }

    private static List<String> cells(String line) {
        String inner = line.strip();
        inner = inner.substring(1, inner.endsWith("|") ? inner.length() - 1 : inner.length());
        List<String> out = new ArrayList<>();
        for (String c : inner.split("(?<!\\\\)\\|")) out.add(c.strip());
        return out;
    }

    /** The sentences of a text: split after . ; or : followed by a space and a capital, a * or a (. */
    static List<String> sentences(String text) {
        return List.of(text.replace('\n', ' ').split("(?<=[.;:])\\s+(?=[A-Z*(])"));
    }

    /**
     * A number is quoted from flagged rows when it has three or more digits, or a decimal point (so
     * that "5 runs" or "100 connections" are not mistaken for a value), appears in a flagged row
     * and in no unflagged one. Returns, for each sentence that quotes such a number without naming
     * one of its rows' flags, the sentence and the number.
     */
    static List<String> unflagged(String section, List<Row> rows) {
        Map<String, Set<Flag>> flagged = new LinkedHashMap<>();
        Set<String> plain = new LinkedHashSet<>();
        for (Row r : rows) {
            for (String n : r.numbers()) {
                if (r.flags().isEmpty()) plain.add(n);
                else flagged.computeIfAbsent(n, k -> java.util.EnumSet.noneOf(Flag.class)).addAll(r.flags());
            }
        }
        List<String> problems = new ArrayList<>();
        for (String sentence : sentences(section)) {
            for (String n : ReadmeResultsTest.numbers(sentence)) {
                if (n.length() < 3 && !n.contains(".")) continue;
                Set<Flag> flags = flagged.get(n);
                if (flags == null || plain.contains(n)) continue;
                if (flags.stream().noneMatch(f -> f.named.matcher(sentence).find())) {
                    problems.add(n + " (" + flags + ") in: " + sentence.strip());
                }
            }
        }
        return problems;
    }

    @Test
    void everyNumberQuotedFromAFlaggedRowNamesItsFlag() throws IOException {
        Path root = ReadmeResultsTest.ROOT;
        List<Row> rows = rows(root.resolve("tables"));
        assertTrue(rows.stream().anyMatch(r -> r.flags().contains(Flag.SATURATED)), "the tables flag saturated rows");
        String section = ReadmeResultsTest.section(Files.readString(root.resolve("README.md"), StandardCharsets.UTF_8));
        assertEquals(List.of(), unflagged(section, rows));
    }

    @Test
    void aSaturatedValueQuotedWithoutItsFlagIsFound() {
        String table = """
                caption

                | stack | req/s | host saturated |
                | :--- | ---: | :--- |
                | rust-hyper | 129946 | 6 of 6 |
                | go-http | 91157 | 1 of 6 |
                | python | 4386 | 0 of 6 |
                | java | ≥ 2500 | 0 of 6 |
                """;
        List<Row> rows = rows("t.md", table);
        assertEquals(Set.of(Flag.SATURATED), rows.get(0).flags());
        assertEquals(Set.of(), rows.get(2).flags());
        assertEquals(Set.of(Flag.CENSORED), rows.get(3).flags());
        assertEquals(3, unflagged("Rust serves 129946 req/s. Go 91157, Python 4386. Java at 2500.", rows).size());
        assertEquals(List.of(), unflagged("Rust serves 129946 req/s and Go 91157, all of them host saturated in 1 to 6 of 6"
                + " runs. Python 4386. Java at least 2500.", rows));
        assertFalse(unflagged("Rust serves 129946 req/s.", rows).isEmpty());
    }
}
