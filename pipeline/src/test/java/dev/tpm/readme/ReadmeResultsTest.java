package dev.tpm.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * README.md's results section quotes only what the committed tables hold: every number in it (outside
 * code spans and link targets, which name files), in every notation, appears as a number in a file
 * under tables/. A number in scientific notation ({@code 4.1e-5}, {@code 4.1 × 10^-5}, {@code 4.1 ×
 * 10⁻⁵}) is compared by its exact value with the tables' numbers in any notation ({@code 4.1e-5} in
 * a Markdown table); a number with thousands separators ({@code 9,401}) as its digits ({@code
 * 9401}); any other number as written (so that {@code 2.50} is not {@code 2.5}: a README quotes a
 * table's rounding).
 */
class ReadmeResultsTest {
    /** The repository root: the nearest folder up from the working directory with README.md and tables/. */
    static final Path ROOT = root();

    private static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("README.md")) && Files.isDirectory(p.resolve("tables"))) return p;
        }
        throw new IllegalStateException("no folder with README.md and tables/ above " + Path.of("").toAbsolutePath());
    }
    static final String HEADING = "## Results of the pilot campaign";

    /**
     * A number: digits (or groups of three after a comma) with an optional decimal part and an
     * optional power of ten (e-5, E+3, × 10^-5, × 10⁻⁵) or a ratio's x (2.8x), not part of a word
     * (x86, 2c) or of a longer number.
     */
    private static final Pattern NUMBER = Pattern.compile("(?<![\\p{Alnum}_.])(\\d{1,3}(?:,\\d{3})+|\\d+)(\\.\\d+)?"
            + "(?:[eE]([-+\u2212]?\\d+)|\\s?\u00d7\\s?10(?:\\^([-+\u2212]?\\d+)|([\u207b\u207a]?[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+)))?"
            + "(?:x(?![\\p{Alnum}_]))?(?![\\d\\p{Alpha}_])");
    /** The numbers of a table file: any digits with a decimal part and an optional e-notation power. */
    private static final Pattern TABLE_NUMBER = Pattern.compile("(?<![\\d.])(\\d+)(\\.\\d+)?(?:[eE]([-+]?\\d{1,3}))?(?![\\d])");
    private static final String SUPERSCRIPTS = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079";

    /**
     * The key a number is compared by: its text (commas of thousands dropped) without a power of
     * ten; with one, its exact value as plain digits (4.1e-5 -> 0.000041).
     */
    static String key(String digits, String decimals, String exponent) {
        String plain = digits.replace(",", "") + (decimals == null ? "" : decimals);
        if (exponent == null) return plain;
        int e = Integer.parseInt(exponent.replace('\u2212', '-'));
        return new java.math.BigDecimal(plain).scaleByPowerOfTen(e).stripTrailingZeros().toPlainString();
    }

    /** A superscript power (⁻⁵) as digits (-5). */
    private static String superscript(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c == '\u207b') b.append('-');
            else if (c != '\u207a') b.append(SUPERSCRIPTS.indexOf(c));
        }
        return b.toString();
    }
    private static final Pattern CODE = Pattern.compile("`[^`]*`");
    private static final Pattern LINK_TARGET = Pattern.compile("\\]\\([^)]*\\)");

    /** The lines after the heading up to the next second-level heading. */
    static String section(String readme) {
        int start = readme.indexOf(HEADING);
        assertTrue(start >= 0, "README.md has no section '" + HEADING + "'");
        int body = readme.indexOf('\n', start) + 1;
        int end = readme.indexOf("\n## ", body);
        return readme.substring(body, end < 0 ? readme.length() : end + 1);
    }

    /** The numbers of a text, in order, code spans and link targets left out. */
    static List<String> numbers(String text) {
        String prose = LINK_TARGET.matcher(CODE.matcher(text).replaceAll(" ")).replaceAll("]");
        List<String> out = new ArrayList<>();
        Matcher m = NUMBER.matcher(prose);
        while (m.find()) {
            String exponent = m.group(3) != null ? m.group(3) : m.group(4) != null ? m.group(4)
                    : m.group(5) != null ? superscript(m.group(5)) : null;
            out.add(key(m.group(1), m.group(2), exponent));
        }
        return out;
    }

    /** Every number of every file under tables/, as written. */
    static Set<String> tableNumbers(Path tables) throws IOException {
        Set<String> all = new TreeSet<>();
        try (Stream<Path> files = Files.walk(tables)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                Matcher m = TABLE_NUMBER.matcher(Files.readString(f, StandardCharsets.UTF_8));
                while (m.find()) {
                    all.add(m.group(1) + (m.group(2) == null ? "" : m.group(2))); // as written, and
                    if (m.group(3) != null) all.add(key(m.group(1), m.group(2), m.group(3))); // by value
                }
            }
        }
        return all;
    }

    @Test
    void everyNumberOfTheResultsSectionIsInATable() throws IOException {
        String section = section(Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8));
        List<String> numbers = numbers(section);
        assertTrue(numbers.size() > 30, "the results section quotes numbers: " + numbers);
        Set<String> inTables = tableNumbers(ROOT.resolve("tables"));
        Set<String> missing = new LinkedHashSet<>();
        for (String n : numbers) if (!inTables.contains(n)) missing.add(n);
        assertEquals(Set.of(), missing, "numbers of README.md's results section that no file under tables/ holds");
    }

    @Test
    void numbersInCodeLinksAndWordsAreNotQuoted() {
        assertEquals(List.of("14741", "0.81", "30", "240"),
                numbers("x86-vm-2c `data/raw/2026-11-29` ![f](figures/p8.png) 14741 req/s, 0.81 at c = 30-240."));
    }

    @Test
    void everyNotationIsANumber() {
        // scientific notation by value, thousands separators as digits, a trailing zero kept
        assertEquals(List.of("0.000035", "0.000041", "0.000041", "0.0000041", "9401", "2.50", "1.5"),
                numbers("p_holm 3.5e-5, 4.1 \u00d7 10^-5, 4.1\u00d710\u207b\u2075 and 4.1E-6; 9,401 req/s at 2.50, 1.5x"));
        // the pilot's p_holm of 3.5e-5 is not the 4.1e-5 a table holds, whatever the notation
        Set<String> tables = Set.of("4.1", "0.000041");
        List<String> absent = numbers("p_holm 3.5e-5, once 4.1e-5").stream().filter(n -> !tables.contains(n)).toList();
        assertEquals(List.of("0.000035"), absent);
    }

    @Test
    void aNumberNotInTheTablesIsFound() {
        Set<String> tables = Set.of("14741", "0.81");
        List<String> absent = numbers("Node keeps scaling (5-10 times the Pi's), 14741").stream()
                .filter(n -> !tables.contains(n)).toList();
        assertEquals(List.of("5", "10"), absent);
    }
}
