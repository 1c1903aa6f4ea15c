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
 * code spans and link targets, which name files) appears as a number in a file under tables/.
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

    /** A number: digits with an optional decimal part, not part of a word (x86) or of a longer number. */
    private static final Pattern NUMBER = Pattern.compile("(?<![\\p{Alnum}_.])\\d+(?:\\.\\d+)?(?![\\d\\p{Alpha}_])");
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
        while (m.find()) out.add(m.group());
        return out;
    }

    /** Every number of every file under tables/, as written. */
    static Set<String> tableNumbers(Path tables) throws IOException {
        Set<String> all = new TreeSet<>();
        try (Stream<Path> files = Files.walk(tables)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                Matcher m = Pattern.compile("(?<![\\d.])\\d+(?:\\.\\d+)?(?![\\d])")
                        .matcher(Files.readString(f, StandardCharsets.UTF_8));
                while (m.find()) all.add(m.group());
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
    void aNumberNotInTheTablesIsFound() {
        Set<String> tables = Set.of("14741", "0.81");
        List<String> absent = numbers("Node keeps scaling (5-10 times the Pi's), 14741").stream()
                .filter(n -> !tables.contains(n)).toList();
        assertEquals(List.of("5", "10"), absent);
    }
}
