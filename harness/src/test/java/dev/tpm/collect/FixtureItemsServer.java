package dev.tpm.collect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A test server with servers.md's API over an in-memory map (not a reference server: no SQLite),
 * which counts what it was asked: the wrk scripts' tests check their requests with it, and the
 * runner's tests put it behind a fake server side. Seeded ids are 1..rows.
 */
public final class FixtureItemsServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        // surefire's argLine sets sun.net.httpserver.nodelay for the whole test JVM; without it the
        // JDK server writes headers and body in two segments and waits out the client's delayed
        // ACK (40 ms) on each response. The JDK reads it once, for the JVM's first server, so a
        // test run any other way must set it on the command line too.
        if (!Boolean.getBoolean("sun.net.httpserver.nodelay")) {
            throw new IllegalStateException("run the tests with -Dsun.net.httpserver.nodelay=true (pom.xml's argLine)");
        }
    }

    private final HttpServer http;
    private final ConcurrentSkipListMap<Long, ObjectNode> items = new ConcurrentSkipListMap<>();
    private final AtomicLong nextId = new AtomicLong();
    /** Requests by "METHOD status", e.g. "DELETE 204". */
    public final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
    /** DELETE requests per id. */
    public final Map<Long, AtomicLong> deletesById = new ConcurrentHashMap<>();
    /** Bodies of POST and PUT that were not valid items. */
    public final AtomicLong badBodies = new AtomicLong();
    /** Requests by path, e.g. "/json". */
    public final Map<String, AtomicLong> byPath = new ConcurrentHashMap<>();
    /** Largest id asked for by GET or PUT. */
    public final AtomicLong maxIdAsked = new AtomicLong();
    /**
     * When above 0, how long each DELETE waits before it is answered: a service time that caps the
     * rate at about one DELETE per connection per this many nanoseconds, whatever else the machine
     * runs, so that two loads of the same length delete about as many rows.
     */
    public volatile long deleteServiceNanos;

    public FixtureItemsServer(int port, int rows) throws IOException {
        for (long i = 1; i <= rows; i++) items.put(i, item(i, "item-" + i, "description of item-" + i, 9.99, 3));
        nextId.set(rows);
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 512);
        http.setExecutor(Executors.newFixedThreadPool(4));
        http.createContext("/", this::handle);
        http.start();
    }

    public int port() {
        return http.getAddress().getPort();
    }

    public long count(String key) {
        AtomicLong n = counts.get(key);
        return n == null ? 0 : n.get();
    }

    public int size() {
        return items.size();
    }

    private static ObjectNode item(long id, String name, String description, double price, long quantity) {
        ObjectNode o = JSON.createObjectNode();
        o.put("id", id);
        o.put("name", name);
        o.put("description", description);
        o.put("price", price);
        o.put("quantity", quantity);
        return o;
    }

    private void handle(HttpExchange x) throws IOException {
        String method = x.getRequestMethod();
        String path = x.getRequestURI().getPath();
        byte[] body = x.getRequestBody().readAllBytes();
        byPath.computeIfAbsent(path, k -> new AtomicLong()).incrementAndGet();
        int status;
        String out;
        String type = "application/json";
        if (path.equals("/health")) {
            status = 200;
            out = "ok";
            type = "text/plain";
        } else if (path.equals("/")) {
            status = 200;
            out = "Hello, World!";
            type = "text/plain";
        } else if (path.equals("/json") && method.equals("GET")) {
            status = 200;
            out = "{\"message\":\"Hello from Pi\",\"timestamp\":" + System.currentTimeMillis() + "}";
        } else if (path.equals("/heavy") && method.equals("GET")) {
            status = 200;
            out = "{\"result\":666666166.4588418}";
        } else if (path.equals("/items") && method.equals("GET")) {
            status = 200;
            StringBuilder b = new StringBuilder("[");
            items.values().stream().limit(100).forEach(i -> b.append(b.length() > 1 ? "," : "").append(i));
            out = b.append("]").toString();
        } else if (path.equals("/items") && method.equals("POST")) {
            ObjectNode parsed = parse(body);
            if (parsed == null) {
                status = 400;
                out = "{\"error\":\"bad item\"}";
            } else {
                long id = nextId.incrementAndGet();
                parsed.put("id", id);
                items.put(id, parsed);
                status = 201;
                out = parsed.toString();
            }
        } else if (path.startsWith("/items/")) {
            long id;
            try {
                id = Long.parseLong(path.substring(7));
            } catch (NumberFormatException e) {
                id = -1;
            }
            if (id < 0) {
                status = 400;
                out = "{\"error\":\"bad id\"}";
            } else if (method.equals("DELETE")) {
                if (deleteServiceNanos > 0) java.util.concurrent.locks.LockSupport.parkNanos(deleteServiceNanos);
                deletesById.computeIfAbsent(id, k -> new AtomicLong()).incrementAndGet();
                status = items.remove(id) != null ? 204 : 404;
                out = status == 204 ? "" : "{\"error\":\"not found\"}";
            } else if (method.equals("PUT")) {
                maxIdAsked.accumulateAndGet(id, Math::max);
                ObjectNode parsed = parse(body);
                if (parsed == null) {
                    status = 400;
                    out = "{\"error\":\"bad item\"}";
                } else if (items.containsKey(id)) {
                    parsed.put("id", id);
                    items.put(id, parsed);
                    status = 200;
                    out = parsed.toString();
                } else {
                    status = 404;
                    out = "{\"error\":\"not found\"}";
                }
            } else {
                maxIdAsked.accumulateAndGet(id, Math::max);
                ObjectNode i = items.get(id);
                status = i == null ? 404 : 200;
                out = i == null ? "{\"error\":\"not found\"}" : i.toString();
            }
        } else {
            status = 404;
            out = "{\"error\":\"not found\"}";
        }
        counts.computeIfAbsent(method + " " + status, k -> new AtomicLong()).incrementAndGet();
        byte[] bytes = out.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", type);
        x.sendResponseHeaders(status, status == 204 ? -1 : bytes.length);
        try (OutputStream os = x.getResponseBody()) {
            if (status != 204) os.write(bytes);
        }
    }

    private ObjectNode parse(byte[] body) {
        try {
            JsonNode n = JSON.readTree(body);
            if (n != null && n.isObject() && n.path("name").isTextual() && n.path("description").isTextual()
                    && n.path("price").isNumber() && n.path("quantity").isIntegralNumber()) {
                return item(0, n.get("name").asText(), n.get("description").asText(), n.get("price").asDouble(),
                        n.get("quantity").asLong());
            }
        } catch (IOException e) {
            // fall through
        }
        badBodies.incrementAndGet();
        return null;
    }

    @Override
    public void close() {
        http.stop(0);
        ((java.util.concurrent.ExecutorService) http.getExecutor()).shutdownNow();
    }
}
