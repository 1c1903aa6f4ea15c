package dev.tpm.collect.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A server's answer to GET /diag (servers/README.md): the SQLite library version, the pragmas in
 * effect as a live connection reports them, the runtime and framework, the connections per
 * process, and what the stack adds (Python's event loop, the JVM's collectors and flags).
 *
 * @param pragmas pragma name to the value the server read back (numbers as JSON numbers)
 * @param readConnections read connections per process, or null when absent
 * @param writeConnections write connections per process, or null when absent
 * @param eventLoop the event loop class that runs (Python), or null
 * @param jvm the JVM's collectors, maximum heap and flags (Java), or null
 * @param raw the whole answer
 */
public record Diag(
        String sqliteVersion,
        Map<String, JsonNode> pragmas,
        String runtime,
        String framework,
        Integer readConnections,
        Integer writeConnections,
        String eventLoop,
        JsonNode jvm,
        JsonNode raw) {
    public static final String PATH = "/diag";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    public Diag {
        pragmas = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(pragmas));
    }

    /** Reads the fields of a /diag answer; a missing field is null (the policy check names it). */
    public static Diag parse(JsonNode n) throws IOException {
        if (n == null || !n.isObject()) throw new IOException("GET /diag: expected a JSON object, found " + n);
        Map<String, JsonNode> pragmas = new LinkedHashMap<>();
        JsonNode p = n.path("pragmas");
        if (p.isObject()) p.properties().forEach(e -> pragmas.put(e.getKey(), e.getValue()));
        JsonNode c = n.path("connections");
        return new Diag(text(n, "sqlite_version"), pragmas, text(n, "runtime"), text(n, "framework"),
                c.path("read").isInt() ? c.path("read").asInt() : null,
                c.path("write").isInt() ? c.path("write").asInt() : null,
                text(n, "event_loop"),
                n.path("jvm").isObject() ? n.get("jvm") : null,
                n);
    }

    /** GET http://127.0.0.1:port/diag, parsed; an error says what came back instead. */
    public static Diag fetch(int port) throws IOException {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT).build();
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + PATH)).timeout(TIMEOUT).GET().build();
        HttpResponse<String> r;
        try {
            r = http.send(req, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("GET /diag: interrupted", e);
        }
        String body = r.body();
        String clipped = body.length() > 200 ? body.substring(0, 200) + "..." : body;
        if (r.statusCode() != 200) throw new IOException("GET /diag: expected status 200, found " + r.statusCode() + " ('" + clipped + "')");
        JsonNode n;
        try {
            n = JSON.readTree(body);
        } catch (IOException e) {
            throw new IOException("GET /diag: expected JSON, found '" + clipped + "'", e);
        }
        return parse(n);
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v != null && v.isTextual() && !v.asText().isBlank() ? v.asText() : null;
    }
}
