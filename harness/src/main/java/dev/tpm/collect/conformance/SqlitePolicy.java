package dev.tpm.collect.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tpm.collect.stack.Diag;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The SQLite policy every SQLite-backed stack obeys (servers/README.md), checked on its GET /diag
 * answer: the six pragmas at the policy's values as SQLite reports them back (PRAGMA queries
 * return journal_mode as text and the others as integers: synchronous NORMAL = 1, temp_store
 * MEMORY = 2), exactly one write connection and at least one read connection per process, and
 * the SQLite, runtime and framework versions present.
 */
public final class SqlitePolicy {
    /** Pragma to the value a PRAGMA query returns under the policy. */
    public static final Map<String, Object> PRAGMAS = pragmas();

    private SqlitePolicy() {}

    private static Map<String, Object> pragmas() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("journal_mode", "wal");
        m.put("synchronous", 1L);      // NORMAL
        m.put("busy_timeout", 5000L);  // ms
        m.put("cache_size", -2000L);   // negative: KiB, about 2 MB (SQLite's own default)
        m.put("temp_store", 2L);       // MEMORY
        m.put("mmap_size", 0L);        // no memory-mapped I/O
        return java.util.Collections.unmodifiableMap(m);
    }

    /** Every way {@code d} breaks the policy, one line each; empty when it obeys it. */
    public static List<String> violations(Diag d) {
        List<String> out = new ArrayList<>();
        if (d.sqliteVersion() == null || !d.sqliteVersion().matches("3\\.\\d+\\.\\d+.*")) {
            out.add("sqlite_version: expected a SQLite 3 version such as 3.46.0, found " + d.raw().get("sqlite_version"));
        }
        if (d.runtime() == null) out.add("runtime: expected the runtime and its version, found " + d.raw().get("runtime"));
        if (d.framework() == null) out.add("framework: expected the framework, found " + d.raw().get("framework"));
        for (Map.Entry<String, Object> e : PRAGMAS.entrySet()) {
            JsonNode v = d.pragmas().get(e.getKey());
            if (v == null) {
                out.add("pragma " + e.getKey() + ": not reported (expected " + e.getValue() + ")");
            } else if (e.getValue() instanceof String s ? !(v.isTextual() && v.asText().toLowerCase(Locale.ROOT).equals(s))
                    : !(v.canConvertToLong() && v.isIntegralNumber() && v.asLong() == (Long) e.getValue())) {
                out.add("pragma " + e.getKey() + ": expected " + e.getValue() + ", found " + v);
            }
        }
        if (d.writeConnections() == null || d.writeConnections() != 1) {
            out.add("connections.write: expected 1 write connection per process, found " + d.raw().path("connections").get("write"));
        }
        if (d.readConnections() == null || d.readConnections() < 1) {
            out.add("connections.read: expected at least 1 read connection, found " + d.raw().path("connections").get("read"));
        }
        return out;
    }
}
