package dev.tpm.collect.importer;

import java.nio.file.Path;
import java.util.Map;

/**
 * One row of runs.csv: a saved output and what it measured.
 *
 * @param line the row's line in runs.csv (header = 1)
 * @param file the output, resolved against runs.csv's folder
 * @param extra data.md's optional columns given for this run (peak_rss_kib, cpu_s, ...), by name; empty cells left out
 */
public record SavedRun(int line, Path file, String stack, String endpoint, int concurrency, int threads, int run,
        boolean warmup, Map<String, String> extra) {
    public SavedRun {
        extra = Map.copyOf(extra);
    }
}
