package dev.tpm.output;

import dev.tpm.codec.CsvText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Every artifact one pipeline run produces, held in memory until the run has succeeded; only
 * {@code dev.tpm.pipeline} writes them to disk (atomically). Paths are relative to the output
 * root and start with {@code tables/} or {@code figures/}.
 */
public final class Outputs {
    private final SortedMap<String, byte[]> files = new TreeMap<>();
    private final List<String> skipped = new ArrayList<>();
    private final Map<String, Integer> csvRows = new HashMap<>();

    public synchronized void put(String relativePath, byte[] bytes) {
        checkPath(relativePath);
        if (files.putIfAbsent(relativePath, bytes.clone()) != null) {
            throw new IllegalStateException("artifact written twice: " + relativePath);
        }
    }

    /** Text as UTF-8 with {@code \n} line ends, ending in a newline. */
    public void putText(String relativePath, String text) {
        String normalized = text.replace("\r\n", "\n");
        if (!normalized.endsWith("\n")) normalized += "\n";
        put(relativePath, normalized.getBytes(StandardCharsets.UTF_8));
    }

    /** A CSV file, its rows counted as they were built (the report names the count, {@link #csvRows}). */
    public void putCsv(String relativePath, CsvText csv) {
        putText(relativePath, csv.toString());
        synchronized (this) {
            csvRows.put(relativePath, csv.rowCount());
        }
    }

    /** The rows below the header of a CSV put with {@link #putCsv}; empty for any other file. */
    public synchronized OptionalInt csvRows(String relativePath) {
        Integer n = csvRows.get(relativePath);
        return n == null ? OptionalInt.empty() : OptionalInt.of(n);
    }

    /** Records that an artifact was not produced and why, for the one line the run prints. */
    public synchronized void skip(String artifact, String reason) {
        skipped.add(artifact + ": " + reason);
    }

    /** Path to bytes, in path order. */
    public synchronized SortedMap<String, byte[]> files() {
        return Collections.unmodifiableSortedMap(new TreeMap<>(files));
    }

    public synchronized boolean contains(String relativePath) {
        return files.containsKey(relativePath);
    }

    public synchronized byte[] get(String relativePath) {
        byte[] b = files.get(relativePath);
        return b == null ? null : b.clone();
    }

    /** One line per skipped artifact, in the order they were skipped. */
    public synchronized List<String> skipped() {
        return List.copyOf(skipped);
    }

    private static void checkPath(String p) {
        if (!(p.startsWith("tables/") || p.startsWith("figures/")) || p.contains("..") || p.contains("\\")
                || p.endsWith("/") || p.contains("//")) {
            throw new IllegalArgumentException("not an output path under tables/ or figures/: " + p);
        }
    }
}
