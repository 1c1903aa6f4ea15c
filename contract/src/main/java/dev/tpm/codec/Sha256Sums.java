package dev.tpm.codec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Set;
import java.util.stream.Stream;

/**
 * data/SHA256SUMS (data.md), read, written, extended and checked here only: coreutils format: one line a file, {@code <64 hex digits><space><space or
 * *><path relative to data/>}. It lists every file under {@link #ROOTS} and nothing else
 * (spec/data.md).
 */
public final class Sha256Sums {
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

    private Sha256Sums() {}

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
        AtomicFile.write(dataDir.resolve(FILE_NAME), text);
        return text.isEmpty() ? 0 : text.split("\n").length;
    }

    /**
     * Appends a line for every file under {@code data/<relativeDir>} that the manifest does not
     * list yet, sorted, and leaves every other line as it was (the harness, after a campaign). A
     * file already listed with another hash is an error: raw files are written once.
     *
     * @return the lines appended
     */
    public static List<String> addFiles(Path dataDir, String relativeDir) throws IOException {
        Path manifest = dataDir.resolve(FILE_NAME);
        String before = Files.exists(manifest) ? Files.readString(manifest, StandardCharsets.UTF_8) : "";
        Problems problems = new Problems();
        List<Entry> entries = before.isEmpty() ? List.of() : parse(before, problems);
        if (!problems.isEmpty()) throw new IOException(manifest + ": " + problems.all().get(0));
        Map<String, Entry> listed = new HashMap<>();
        for (Entry e : entries) listed.put(e.path(), e);
        List<String> rel = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dataDir.resolve(relativeDir))) {
            walk.filter(Files::isRegularFile).forEach(f -> rel.add(relative(dataDir, f)));
        }
        rel.sort(null);
        List<String> add = new ArrayList<>();
        for (String r : rel) {
            String hash = Sha256.of(dataDir.resolve(r));
            Entry old = listed.get(r);
            if (old == null) {
                add.add(hash + "  " + r);
            } else if (!old.sha256().equals(hash)) {
                throw new IOException(manifest + ": line " + old.line() + ": lists " + r + " with hash "
                        + old.sha256() + ", but the file's hash is " + hash + " (raw files are written once)");
            }
        }
        if (add.isEmpty()) return add;
        StringBuilder after = new StringBuilder(before);
        if (after.length() > 0 && after.charAt(after.length() - 1) != '\n') after.append('\n');
        for (String a : add) after.append(a).append('\n');
        AtomicFile.write(manifest, after.toString());
        return add;
    }

    /**
     * The outcome of {@link #check}.
     *
     * @param filesChecked listed files whose hash matches
     * @param manifestSha256 the hash of SHA256SUMS itself
     */
    public record Checked(int filesChecked, String manifestSha256) {}

    /**
     * Checks SHA256SUMS against the files of data/: every listed file exists and has the listed
     * hash, every file under {@link #ROOTS} is listed, nothing else is, and no line is malformed,
     * absolute, climbing out with {@code ..}, or a duplicate. Whatever it accepts,
     * {@code cd data && sha256sum -c SHA256SUMS} accepts too. Every problem goes to
     * {@code problems}; returns null when SHA256SUMS cannot be read.
     *
     * @param hashes the run's file hashes, so that each file is read once per run
     */
    public static Checked check(Path dataDir, Problems problems, FileHashes hashes) {
        Path file = dataDir.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            problems.atFile(FILE_NAME, "the manifest " + file + " (write it with `make manifest`)", "no such file");
            return null;
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            problems.atFile(FILE_NAME, "a readable file", e.getMessage());
            return null;
        }
        String text = CsvFile.decodeUtf8(bytes, FILE_NAME, problems);
        if (text == null) return null;
        List<Entry> entries = parse(text, problems);
        Set<String> listed = new HashSet<>();
        int checked = 0;
        for (Entry e : entries) {
            listed.add(e.path());
            Path p = dataDir.resolve(e.path());
            if (!Files.exists(p)) {
                problems.add(Problem.line(FILE_NAME, e.line(), "path",
                        "expected the listed file " + e.path() + " to exist, found no such file"));
                continue;
            }
            if (!Files.isRegularFile(p)) {
                problems.add(Problem.line(FILE_NAME, e.line(), "path",
                        "expected " + e.path() + " to be a regular file, found a folder or special file"));
                continue;
            }
            try {
                String actual = hashes.of(p);
                if (!actual.equals(e.sha256())) {
                    problems.add(Problem.line(FILE_NAME, e.line(), "hash",
                            "expected " + e.path() + " to have sha256 " + e.sha256() + ", found " + actual));
                    continue;
                }
            } catch (IOException ex) {
                problems.add(Problem.line(FILE_NAME, e.line(), "path",
                        "expected " + e.path() + " to be readable, found " + ex.getMessage()));
                continue;
            }
            checked++;
        }
        try {
            for (String present : files(dataDir)) {
                if (!listed.contains(present)) {
                    problems.add(Problem.file(FILE_NAME, "expected a line listing " + present
                            + " (every file under raw/, config/ and reference/ is listed), found none"));
                }
            }
        } catch (IOException ex) {
            problems.atFile(FILE_NAME, "readable folders raw/, config/, reference/", ex.getMessage());
        }
        return new Checked(checked, Sha256.of(bytes));
    }

    public static String relative(Path base, Path p) {
        Path rel = base.relativize(p);
        List<String> parts = new ArrayList<>();
        for (Path part : rel) parts.add(part.toString());
        return String.join("/", parts);
    }
}
