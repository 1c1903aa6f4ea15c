package dev.tpm.collect.campaign;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * data/SHA256SUMS (data.md): one {@code <64 hex>  <path relative to data/>} line a file, as
 * coreutils' sha256sum prints it. The harness appends the lines of a campaign's new files, sorted,
 * and leaves every other line as it was.
 */
public final class Manifest {
    public static final String FILE = "SHA256SUMS";
    private static final Pattern LINE = Pattern.compile("^([0-9a-fA-F]{64}) [ *](.+)$");

    private Manifest() {}

    /**
     * Adds every file under {@code data/<relativeDir>} that the manifest does not list yet. A file
     * already listed with another hash is an error: raw files are written once.
     *
     * @return the lines appended
     */
    public static List<String> addFiles(Path dataDir, String relativeDir) throws IOException {
        Path manifest = dataDir.resolve(FILE);
        String before = Files.exists(manifest) ? Files.readString(manifest, StandardCharsets.UTF_8) : "";
        Map<String, String> listed = new HashMap<>();
        Map<String, Integer> lineOf = new HashMap<>();
        String[] lines = before.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isEmpty()) continue;
            Matcher m = LINE.matcher(lines[i]);
            if (!m.matches()) {
                throw new IOException(manifest + ": line " + (i + 1) + ", column 1: expected '<64 hex>  <path>', found '" + lines[i] + "'");
            }
            listed.put(m.group(2), m.group(1).toLowerCase(java.util.Locale.ROOT));
            lineOf.put(m.group(2), i + 1);
        }
        List<String> add = new ArrayList<>();
        Path dir = dataDir.resolve(relativeDir);
        List<Path> files;
        try (var s = Files.walk(dir)) {
            files = s.filter(Files::isRegularFile).toList();
        }
        List<String> rel = new ArrayList<>();
        for (Path f : files) rel.add(dataDir.relativize(f).toString().replace('\\', '/'));
        rel.sort(null);
        for (String r : rel) {
            String hash = sha256(dataDir.resolve(r));
            String old = listed.get(r);
            if (old == null) {
                add.add(hash + "  " + r);
            } else if (!old.equals(hash)) {
                throw new IOException(manifest + ": line " + lineOf.get(r) + ": lists " + r + " with hash " + old
                        + ", but the file's hash is " + hash + " (raw files are written once)");
            }
        }
        if (add.isEmpty()) return add;
        StringBuilder after = new StringBuilder(before);
        if (after.length() > 0 && after.charAt(after.length() - 1) != '\n') after.append('\n');
        for (String a : add) after.append(a).append('\n');
        Durable.writeAtomically(manifest, after.toString());
        return add;
    }

    public static String sha256(Path file) throws IOException {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
