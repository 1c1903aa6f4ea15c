package dev.tpm.verify;

import dev.tpm.ingest.Problem;
import dev.tpm.ingest.Problems;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * data/SHA256SUMS in coreutils format: one line a file, {@code <64 hex digits><space><space or
 * *><path relative to data/>}. It lists every file under {@link #ROOTS} and nothing else
 * (spec/data.md).
 */
public final class Manifest {
    public static final String FILE_NAME = "SHA256SUMS";
    /** The folders of data/ whose every file the manifest lists, in path order. */
    public static final List<String> ROOTS = List.of("config", "raw", "reference");

    /** coreutils: hash, one space, then a space (text mode) or {@code *} (binary mode), then the name. */
    private static final Pattern LINE = Pattern.compile("([0-9a-fA-F]{64}) ([ *])(.*)");

    /**
     * One well-formed line.
     *
     * @param line 1-based line number in SHA256SUMS
     * @param sha256 the listed hash, lower case
     * @param path the listed path, normalised ({@code ./} and repeated {@code /} removed)
     */
    public record Entry(int line, String sha256, String path) {}

    private Manifest() {}

    /**
     * Parses SHA256SUMS text. Malformed lines, absolute paths, {@code ..}, paths outside
     * {@link #ROOTS} and duplicates become problems (each naming its line) and are left out.
     */
    public static List<Entry> parse(String text, Problems problems) {
        List<Entry> entries = new ArrayList<>();
        Map<String, Integer> firstLine = new HashMap<>();
        String[] lines = text.split("\n", -1);
        int count = text.endsWith("\n") ? lines.length - 1 : lines.length;
        for (int i = 0; i < count; i++) {
            int no = i + 1;
            String raw = lines[i];
            if (raw.endsWith("\r")) {
                problems.add(Problem.line(FILE_NAME, no, null,
                        "expected a line ending in LF (as sha256sum writes it), found CR LF"));
                continue;
            }
            if (raw.isEmpty()) {
                problems.add(Problem.line(FILE_NAME, no, null,
                        "expected '<64 hex digits>  <path>', found an empty line"));
                continue;
            }
            Matcher m = LINE.matcher(raw);
            if (!m.matches()) {
                problems.add(Problem.line(FILE_NAME, no, null,
                        "expected '<64 hex digits>  <path>' (coreutils sha256sum format), found " + Problem.quote(raw)));
                continue;
            }
            String listed = m.group(3);
            String path = checkPath(listed, no, problems);
            if (path == null) continue;
            Integer seen = firstLine.putIfAbsent(path, no);
            if (seen != null) {
                problems.add(Problem.line(FILE_NAME, no, "path",
                        "expected each file listed once, found " + path + " again (first on line " + seen + ")"));
                continue;
            }
            entries.add(new Entry(no, m.group(1).toLowerCase(java.util.Locale.ROOT), path));
        }
        return entries;
    }

    /** The normalised path, or null after recording why it is not acceptable. */
    private static String checkPath(String listed, int no, Problems problems) {
        if (listed.isEmpty()) {
            problems.add(Problem.line(FILE_NAME, no, "path", "expected a path relative to data/, found none"));
            return null;
        }
        if (listed.startsWith("/") || listed.startsWith("\\") || listed.matches("^[A-Za-z]:.*")) {
            problems.add(Problem.line(FILE_NAME, no, "path",
                    "expected a path relative to data/, found the absolute path " + Problem.quote(listed)));
            return null;
        }
        List<String> segments = new ArrayList<>();
        for (String s : listed.split("/", -1)) {
            if (s.equals("..")) {
                problems.add(Problem.line(FILE_NAME, no, "path",
                        "expected a path inside data/ without '..', found " + Problem.quote(listed)));
                return null;
            }
            if (!s.isEmpty() && !s.equals(".")) segments.add(s);
        }
        String path = String.join("/", segments);
        if (segments.size() < 2 || !ROOTS.contains(segments.get(0)) || listed.endsWith("/")) {
            problems.add(Problem.line(FILE_NAME, no, "path",
                    "expected a file under raw/, config/ or reference/ of data/, found " + Problem.quote(listed)));
            return null;
        }
        return path;
    }

    /** Parses leniently: the well-formed entries, problems dropped (for the inventory). */
    public static List<Entry> entries(Path dataDir) throws IOException {
        Path file = dataDir.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) return List.of();
        return parse(Files.readString(file, StandardCharsets.UTF_8), new Problems());
    }

    /**
     * Every regular file under data/'s {@link #ROOTS}, as a path relative to data/ with {@code /}
     * separators, in code-point order (the order {@code LC_ALL=C sort} gives for ASCII names).
     */
    public static List<String> files(Path dataDir) throws IOException {
        List<String> out = new ArrayList<>();
        for (String root : ROOTS) {
            Path dir = dataDir.resolve(root);
            if (!Files.isDirectory(dir)) continue;
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.filter(p -> Files.isRegularFile(p))
                        .map(p -> relative(dataDir, p))
                        .forEach(out::add);
            }
        }
        out.sort(null);
        return out;
    }

    /** SHA256SUMS text for the files of {@link #files}: {@code <hash>  <path>\n} per file. */
    public static String render(Path dataDir) throws IOException {
        StringBuilder s = new StringBuilder();
        for (String path : files(dataDir)) {
            if (path.contains("\n") || path.contains("\r") || path.contains("\\")) {
                throw new IOException("cannot list " + path + " in " + FILE_NAME
                        + ": its name has a newline or backslash (rename it)");
            }
            s.append(Sha256.of(dataDir.resolve(path))).append("  ").append(path).append('\n');
        }
        return s.toString();
    }

    /** (Re)writes data/SHA256SUMS atomically; returns the number of files listed. */
    public static int write(Path dataDir) throws IOException {
        String text = render(dataDir);
        Path target = dataDir.resolve(FILE_NAME);
        Path tmp = dataDir.resolve(FILE_NAME + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return text.isEmpty() ? 0 : text.split("\n").length;
    }

    static String relative(Path base, Path p) {
        Path rel = base.relativize(p);
        List<String> parts = new ArrayList<>();
        for (Path part : rel) parts.add(part.toString());
        return String.join("/", parts);
    }
}
