package dev.tpm.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import dev.tpm.server.Database.Item;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

/**
 * Reference server for the java-jdk stack: the JDK's {@code com.sun.net.httpserver.HttpServer},
 * sqlite-jdbc and Jackson, the smallest-footprint JVM baseline. SQLite is reached through
 * {@link Database} (one write connection, a read pool of one connection per core, statements
 * prepared once); the HTTP executor has one thread per read connection plus one for the writer,
 * so no more threads wait on SQLite than it has connections. There is no cache in front of SQLite.
 */
public final class Server {
    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;
    /** Pending-connection queue; HttpServer's own default (50) is far below the other stacks'. */
    static final int BACKLOG = 1024;

    static final ObjectMapper JSON = new ObjectMapper();

    /** A request the API rejects: its status and message, sent as {"error": message}. */
    static final class ApiError extends Exception {
        private static final long serialVersionUID = 1L;
        final int status;

        ApiError(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    private final Database db;

    Server(Database db) {
        this.db = db;
    }

    public static void main(String[] args) throws IOException, SQLException {
        String bind = env("BIND", "127.0.0.1");
        int port = Integer.parseInt(env("PORT", "8080"));
        // the CPUs this JVM may run on (affinity mask and cgroup quota); one process
        int readConnections = Math.max(1, Runtime.getRuntime().availableProcessors());
        Server app = new Server(new Database(env("DB_PATH", "./items.db"), readConnections));
        int threads = readConnections + 1;

        HttpServer server = HttpServer.create(new InetSocketAddress(bind, port), BACKLOG);
        server.createContext("/", app::root);
        server.createContext("/health", app::health);
        server.createContext("/items", app::items);
        server.createContext("/diag", app::diag);
        server.setExecutor(Executors.newFixedThreadPool(threads));
        server.start();
        System.err.println("listening on " + bind + ":" + port + " with " + threads + " threads");
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isEmpty() ? fallback : v;
    }

    interface Action {
        void run() throws ApiError, IOException, SQLException;
    }

    /** Runs one exchange; a rejected request becomes its status and {"error": ...}. */
    private void handle(HttpExchange ex, Action action) throws IOException {
        try (ex) {
            try {
                action.run();
            } catch (ApiError e) {
                json(ex, e.status, Map.of("error", e.getMessage()));
            } catch (SQLException | RuntimeException e) {
                // the cause goes to the log, never into the body
                System.err.println("internal error: " + e);
                json(ex, 500, Map.of("error", "internal error"));
            }
        }
    }

    private void root(HttpExchange ex) throws IOException {
        handle(ex, () -> {
            if (!ex.getRequestURI().getPath().equals("/")) throw new ApiError(404, "not found");
            requireMethod(ex, "GET");
            text(ex, "Hello, World!");
        });
    }

    private void health(HttpExchange ex) throws IOException {
        handle(ex, () -> {
            if (!ex.getRequestURI().getPath().equals("/health")) throw new ApiError(404, "not found");
            requireMethod(ex, "GET");
            text(ex, "ok");
        });
    }

    /** GET /diag: the SQLite version, the pragmas in effect, the runtime and the connections. */
    private void diag(HttpExchange ex) throws IOException {
        handle(ex, () -> {
            if (!ex.getRequestURI().getPath().equals("/diag")) throw new ApiError(404, "not found");
            requireMethod(ex, "GET");
            Map<String, Object> out = new LinkedHashMap<>(db.sqlite());
            out.put("runtime", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
            out.put("framework", "com.sun.net.httpserver");
            out.put("connections", Map.of("read", db.readConnections(), "write", 1));
            out.put("jvm", Jvm.facts());
            json(ex, 200, out);
        });
    }

    private void items(HttpExchange ex) throws IOException {
        handle(ex, () -> {
            String path = ex.getRequestURI().getPath();
            String method = ex.getRequestMethod();
            if (path.equals("/items")) {
                switch (method) {
                    case "GET" -> json(ex, 200, list(ex.getRequestURI().getRawQuery()));
                    case "POST" -> json(ex, 201, create(body(ex)));
                    default -> throw new ApiError(405, "method not allowed");
                }
                return;
            }
            if (!path.startsWith("/items/") || path.indexOf('/', "/items/".length()) >= 0) {
                throw new ApiError(404, "not found");
            }
            long id = id(path.substring("/items/".length()));
            switch (method) {
                case "GET" -> json(ex, 200, get(id));
                case "PUT" -> json(ex, 200, update(id, body(ex)));
                case "DELETE" -> {
                    delete(id);
                    ex.sendResponseHeaders(204, -1);
                }
                default -> throw new ApiError(405, "method not allowed");
            }
        });
    }

    private static void requireMethod(HttpExchange ex, String method) throws ApiError {
        if (!ex.getRequestMethod().equals(method)) throw new ApiError(405, "method not allowed");
    }

    private static long id(String raw) throws ApiError {
        try {
            return Long.parseLong(raw);
        } catch (NumberFormatException e) {
            throw new ApiError(400, "id must be an integer, found '" + raw + "'");
        }
    }

    /** The item fields of a request body, each checked for presence and JSON type. */
    private static Item body(HttpExchange ex) throws ApiError, IOException {
        JsonNode n;
        try {
            n = JSON.readTree(ex.getRequestBody());
        } catch (JsonProcessingException e) {
            throw new ApiError(400, "invalid JSON: " + e.getOriginalMessage());
        }
        if (n == null || !n.isObject()) throw new ApiError(400, "expected a JSON object");
        return new Item(0,
                field(n, "name", JsonNode::isTextual, "a string").asText(),
                field(n, "description", JsonNode::isTextual, "a string").asText(),
                field(n, "price", JsonNode::isNumber, "a number").asDouble(),
                field(n, "quantity", v -> v.isIntegralNumber() && v.canConvertToLong(), "an integer").asLong());
    }

    private static JsonNode field(JsonNode obj, String name, Predicate<JsonNode> ok, String what)
            throws ApiError {
        JsonNode v = obj.get(name);
        if (v == null || v.isNull()) throw new ApiError(400, "missing field: " + name);
        if (!ok.test(v)) throw new ApiError(400, name + " must be " + what + ", found " + v);
        return v;
    }

    private static long queryInt(Map<String, String> query, String name, long fallback, long min, long max)
            throws ApiError {
        String raw = query.get(name);
        if (raw == null) return fallback;
        try {
            long v = Long.parseLong(raw);
            if (v >= min && v <= max) return v;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ApiError(400, name + " must be an integer in [" + min + ", " + max + "], found '" + raw + "'");
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> out = new HashMap<>();
        if (raw == null || raw.isEmpty()) return out;
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            out.putIfAbsent(k, v);
        }
        return out;
    }

    private List<Item> list(String rawQuery) throws ApiError, SQLException {
        Map<String, String> q = query(rawQuery);
        return db.list(queryInt(q, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT), queryInt(q, "offset", 0, 0, Long.MAX_VALUE));
    }

    private Item get(long id) throws ApiError, SQLException {
        Item found = db.get(id);
        if (found == null) throw new ApiError(404, "not found");
        return found;
    }

    private Item create(Item in) throws SQLException {
        return db.create(in);
    }

    private Item update(long id, Item in) throws ApiError, SQLException {
        Item updated = db.update(id, in);
        if (updated == null) throw new ApiError(404, "not found");
        return updated;
    }

    private void delete(long id) throws ApiError, SQLException {
        if (!db.delete(id)) throw new ApiError(404, "not found");
    }

    private static void text(HttpExchange ex, String body) throws IOException {
        send(ex, 200, "text/plain; charset=utf-8", body.getBytes(StandardCharsets.UTF_8));
    }

    private static void json(HttpExchange ex, int status, Object value) throws IOException {
        send(ex, status, "application/json", JSON.writeValueAsBytes(value));
    }

    private static void send(HttpExchange ex, int status, String contentType, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", contentType);
        ex.sendResponseHeaders(status, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }
}
