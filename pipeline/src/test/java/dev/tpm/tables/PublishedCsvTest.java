package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.Endpoints;
import dev.tpm.model.Metrics;
import dev.tpm.model.PublishedValue;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/** data/reference/published.csv: the header, the agreed metric vocabulary, and the headline values. */
class PublishedCsvTest {
    static final Path FILE = Path.of("data/reference/published.csv");
    static final List<String> HEADER = List.of("source", "table", "stack", "metric", "value", "unit", "note", "category");
    /** The paper's five stacks, python-1w (its one-worker Python, section 5.5) and "all" (the post-hoc family). */
    static final Set<String> STACKS = Set.of("go", "rust", "python", "node", "dotnet", "python-1w", "all");
    static final Set<String> UNITS = Set.of("MB", "req/s", "ms", "mJ", "req/s/MB", "", "x", "/min", "MB/min",
            "connections", "endpoints", "comparisons");
    static final Set<String> PLAIN = Set.of("w_rps", "w_peak_mib", "w_rps_per_mib", "w_p99_ms", "w_energy_mj",
            "idle_rss_mib", "startup_ms", "artifact_mib", "peak_rps", "min_rps", "plateau_concurrency", "first_mib",
            "min_mib", "max_mib", "last_mib", "growth_mib", "drops", "growth_mib_per_min", "drops_per_min",
            "peak_rss_mib_min_endpoint", "peak_rss_mib_max_endpoint");
    static final Set<String> POSTHOC = Set.of("posthoc_comparisons", "posthoc_significant", "posthoc_significant_share");
    static final Pattern SWEEP = Pattern.compile("(rps|p99_ms)_c[1-9][0-9]*");

    static boolean inVocabulary(String metric) {
        if (PLAIN.contains(metric) || POSTHOC.contains(metric) || SWEEP.matcher(metric).matches()) return true;
        int slash = metric.indexOf('/');
        if (slash > 0) return inVocabulary(metric.substring(0, slash)) && STACKS.contains(metric.substring(slash + 1));
        String[] parts = metric.split(":", -1);
        if (parts.length == 3) return parts[0].equals("endpoints_higher") && Metrics.ALL.contains(parts[1]) && STACKS.contains(parts[2]);
        return parts.length == 2 && Metrics.ALL.contains(parts[0]) && Endpoints.ALL.contains(parts[1]);
    }

    static List<CSVRecord> records() throws Exception {
        try (Reader in = Files.newBufferedReader(FILE, StandardCharsets.UTF_8);
                CSVParser p = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            assertEquals(HEADER, p.getHeaderNames());
            return p.getRecords();
        }
    }

    /** The file's rows as the model holds them (the ingest stage reads the file for the pipeline). */
    static List<PublishedValue> values() throws Exception {
        return records().stream()
                .map(r -> new PublishedValue(r.get("source"), r.get("table"), r.get("stack"), r.get("metric"),
                        Double.parseDouble(r.get("value")), r.get("unit"), r.get("note")))
                .toList();
    }

    @Test
    void everyRowUsesTheAgreedVocabularyAndTheOnlySource() throws Exception {
        Set<String> keys = new HashSet<>();
        for (CSVRecord r : records()) {
            String where = FILE + " line " + (r.getRecordNumber() + 1);
            if (SEED_SOURCES.contains(r.get("source"))) continue;
            assertEquals("arXiv:2609.11932", r.get("source"), where);
            assertTrue(STACKS.contains(r.get("stack")), where + ": stack " + r.get("stack"));
            assertTrue(inVocabulary(r.get("metric")), where + ": metric " + r.get("metric"));
            assertTrue(UNITS.contains(r.get("unit")), where + ": unit " + r.get("unit"));
            assertTrue(Double.parseDouble(r.get("value")) > 0, where + ": value " + r.get("value"));
            assertEquals(r.get("stack").equals("all"), POSTHOC.contains(r.get("metric")), where + ": stack all is the post-hoc family's");
            assertTrue(r.get("table").matches("(Table|Section) [0-9.]+"), where + ": table " + r.get("table"));
            assertTrue(keys.add(r.get("stack") + " " + r.get("metric")), where + ": a second value for the same stack and metric");
            assertTrue(r.get("table").chars().allMatch(c -> c < 128) && r.get("note").chars().allMatch(c -> c < 128),
                    where + ": non-ASCII text");
        }
    }

    static final Set<String> SEED_SOURCES = Set.of("blog-014", "costajob/app-servers", "node-pi-guide");
    static final Pattern SEED_METRIC = Pattern.compile("(rps_median|rps_best|lat_p50_ms|lat_p90_ms|lat_p99_ms|peak_rss_mib"
            + "|cpu_pct|ratio_to_slowest|fastify_over_express|cluster_over_single)_c[1-9][0-9]*|rss_mib_t[0-9]+");

    /** The seeds' rows (studies.md "Published values"): the replication of each study reads these names. */
    @Test
    void seedRowsUseTheStudiesVocabulary() throws Exception {
        Set<String> keys = new HashSet<>();
        Map<String, Integer> perSource = new HashMap<>();
        for (CSVRecord r : records()) {
            if (!SEED_SOURCES.contains(r.get("source"))) continue;
            String where = FILE + " line " + (r.getRecordNumber() + 1);
            perSource.merge(r.get("source"), 1, Integer::sum);
            assertTrue(SEED_METRIC.matcher(r.get("metric")).matches(), where + ": metric " + r.get("metric"));
            assertTrue(Set.of("req/s", "ms", "MB", "%", "x").contains(r.get("unit")), where + ": unit " + r.get("unit"));
            assertTrue(Double.parseDouble(r.get("value")) > 0, where + ": value " + r.get("value"));
            assertTrue(r.get("stack").matches("[a-z0-9][a-z0-9-]*"), where + ": stack " + r.get("stack"));
            assertTrue(keys.add(r.get("source") + " " + r.get("table") + " " + r.get("stack") + " " + r.get("metric")),
                    where + ": a second value for the same table, stack and metric");
            assertTrue(r.get("table").chars().allMatch(c -> c < 128) && r.get("note").chars().allMatch(c -> c < 128),
                    where + ": non-ASCII text");
        }
        // every value of the blog table (6 rows x 5 columns) and of the app-servers results (9 servers x 3)
        assertEquals(30 + 1, perSource.get("blog-014"));
        assertEquals(27, perSource.get("costajob/app-servers"));
        assertTrue(perSource.get("node-pi-guide") >= 9 + 2 + 3 + 3, perSource.toString());
    }

    @Test
    void holdsTheSeedsPrintedNumbers() throws Exception {
        Map<String, Double> v = new HashMap<>();
        Map<String, String> note = new HashMap<>();
        for (CSVRecord r : records()) {
            String k = r.get("source") + " " + r.get("table") + " " + r.get("stack") + " " + r.get("metric");
            v.put(k, Double.parseDouble(r.get("value")));
            note.put(k, r.get("note"));
        }
        assertEquals(32461.0, v.get("blog-014 The Numbers go-http rps_median_c10"));
        assertEquals(40.65, v.get("blog-014 The Numbers flask-dev lat_p50_ms_c50"));
        assertEquals(29.0, v.get("blog-014 The Numbers go-http ratio_to_slowest_c50"));
        assertEquals(132699.78, v.get("costajob/app-servers Results crystal-http rps_best_c100"));
        assertEquals(10.0, v.get("costajob/app-servers Results go-http peak_rss_mib_c100"));
        assertTrue(note.get("costajob/app-servers Results node-cluster peak_rss_mib_c100").contains("lower bound"));
        assertEquals(3200.0, v.get("node-pi-guide Per-model results: Pi 5 node-express rps_median_c10"));
        assertEquals(72.0, v.get("node-pi-guide Memory growth: Pi 4 node-express rss_mib_t300"));
        assertTrue(note.get("node-pi-guide Fastify: Pi 4 node-fastify fastify_over_express_c10").startsWith("derived"));
        assertTrue(note.get("node-pi-guide PM2 cluster: Pi 4 node-express-cluster cluster_over_single_c10").startsWith("derived"));
    }

    @Test
    void holdsTheHeadlineValuesOfTheSummary() throws Exception {
        Map<String, Double> v = new HashMap<>();
        Map<String, String> note = new HashMap<>();
        for (CSVRecord r : records()) {
            v.put(r.get("stack") + " " + r.get("metric"), Double.parseDouble(r.get("value")));
            note.put(r.get("stack") + " " + r.get("metric"), r.get("note"));
        }
        assertEquals(310.25, v.get("rust w_rps_per_mib"));
        assertEquals(111.13, v.get("go w_rps_per_mib"));
        assertEquals(7.36, v.get("rust w_peak_mib"));
        assertEquals(236.71, v.get("python w_peak_mib"));
        assertEquals(969.0, v.get("python w_rps"));
        assertEquals(2461.0, v.get("dotnet w_rps"));
        assertEquals(26209.0, v.get("dotnet rps_c240"));
        assertEquals(44.1, v.get("dotnet startup_ms"));
        // derived from ".NET is 4.1x faster than Node.js and 10.7x faster than Python", and marked so
        assertEquals(44.1 * 4.1, v.get("node startup_ms"), 1e-9);
        assertEquals(44.1 * 10.7, v.get("python startup_ms"), 1e-9);
        assertTrue(note.get("node startup_ms").startsWith("derived from a ratio in the text"));
        assertTrue(note.get("python startup_ms").startsWith("derived from a ratio in the text"));
        assertEquals("", note.get("rust startup_ms"));
        // issue 31: .NET's POST and DELETE p99, Rust's peak range, the post-hoc family
        assertEquals(1765.0, v.get("dotnet lat_p99_ms:post_item"));
        assertEquals(2160.0, v.get("dotnet lat_p99_ms:delete_item"));
        assertEquals(6.62, v.get("rust peak_rss_mib_min_endpoint"));
        assertEquals(8.11, v.get("rust peak_rss_mib_max_endpoint"));
        assertEquals(400.0, v.get("all posthoc_comparisons"));
        assertEquals(253.0, v.get("all posthoc_significant"));
        assertEquals(253.0 / 400, v.get("all posthoc_significant_share"), 1e-12);
        assertEquals(32.2, v.get("python w_peak_mib/rust"));
        assertEquals(2.8, v.get("rust w_rps_per_mib/go"));
        // the memory rates: the printed counts over the paper's (derived) window, to three significant digits
        double minutes = dev.tpm.results.Topology.PAPER_MEMORY_WINDOW_S / 60;
        assertEquals(36 / minutes, v.get("go drops_per_min"), 0.05);
        assertEquals(117 / minutes, v.get("node growth_mib_per_min"), 0.05);
        assertTrue(note.get("go drops_per_min").contains("86 s"), note.get("go drops_per_min"));
    }

    /** data.md version 4: every shipped row says which setup factors its value depends on. */
    @Test
    void everyRowHasACategoryOfTheList() throws Exception {
        for (CSVRecord r : records()) {
            assertTrue(dev.tpm.model.PublishedValue.CATEGORIES.contains(r.get("category")), r.toString());
        }
        for (CSVRecord r : records()) {
            String m = r.get("metric");
            if (m.equals("lat_p99_ms:delete_item")) assertEquals("delete", r.get("category"));
            if (m.startsWith("posthoc_")) assertEquals("tests", r.get("category"));
            if (m.startsWith("w_rps_per_mib")) assertEquals("efficiency", r.get("category"));
        }
    }
}
