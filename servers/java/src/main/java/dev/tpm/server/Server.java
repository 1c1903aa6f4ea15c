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
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import org.sqlite.SQLiteConfig;

/**
 * Reference server for the java stack: the JDK's {@code com.sun.net.httpserver.HttpServer} on a
 * fixed thread pool, sqlite-jdbc and Jackson. Each pool thread keeps its own SQLite connection
 * (a JDBC connection is not for concurrent use); there is no cache in front of SQLite.
 */
public final class Server {
    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;
    /** Pending-connection queue; HttpServer's own default (50) is far below the other stacks'. */
    static final int BACKLOG = 1024;
    static final String COLUMNS = "id, name, description, price, quantity";
    static final String SCHEMA = "CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            + " description TEXT NOT NULL, price REAL NOT NULL, quantity INTEGER NOT NULL)";

    static final ObjectMapper JSON = new ObjectMapper();

    record Item(long id, String name, String description, double price, long quantity) {}

    /** A request the API rejects: its status and message, sent as {"error": message}. */
    static final class ApiError extends Exception {
        private static final long serialVersionUID = 1L;
        final int status;

        ApiError(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    private final String url;
    private final SQLiteConfig config = new SQLiteConfig();
    private final ThreadLocal<Connection> connection = ThreadLocal.withInitial(this::open);

    Server(String dbPath) {
        this.url = "jdbc:sqlite:" + dbPath;
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        config.setBusyTimeout(5000);
    }

    private Connection open() {
        try {
            return config.createConnection(url);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open " + url, e);
        }
    }

    public static void main(String[] args) throws IOException, SQLException {
        String bind = env("BIND", "127.0.0.1");
        int port = Integer.parseInt(env("PORT", "8080"));
        Server app = new Server(env("DB_PATH", "./items.db"));
        try (Statement s = app.connection.get().createStatement()) {
            s.executeUpdate(SCHEMA);
        }
        int threads = 2 * Runtime.getRuntime().availableProcessors();

        HttpServer server = HttpServer.create(new InetSocketAddress(bind, port), BACKLOG);
        server.createContext("/", app::root);
        server.createContext("/health", app::health);
        server.createContext("/items", app::items);
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
                json(ex, 500, Map.of("error", String.valueOf(e.getMessage())));
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

    private static Item item(ResultSet rs) throws SQLException {
        return new Item(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getDouble(4), rs.getLong(5));
    }

    private List<Item> list(String rawQuery) throws ApiError, SQLException {
        Map<String, String> q = query(rawQuery);
        long limit = queryInt(q, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
        long offset = queryInt(q, "offset", 0, 0, Long.MAX_VALUE);
        try (PreparedStatement st = connection.get()
                .prepareStatement("SELECT " + COLUMNS + " FROM items ORDER BY id LIMIT ? OFFSET ?")) {
            st.setLong(1, limit);
            st.setLong(2, offset);
            List<Item> out = new ArrayList<>();
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) out.add(item(rs));
            }
            return out;
        }
    }

    private Item get(long id) throws ApiError, SQLException {
        try (PreparedStatement st = connection.get().prepareStatement("SELECT " + COLUMNS + " FROM items WHERE id = ?")) {
            st.setLong(1, id);
            try (ResultSet rs = st.executeQuery()) {
                if (!rs.next()) throw new ApiError(404, "not found");
                return item(rs);
            }
        }
    }

    private Item create(Item in) throws SQLException {
        try (PreparedStatement st = connection.get().prepareStatement(
                "INSERT INTO items (name, description, price, quantity) VALUES (?, ?, ?, ?)",
                Statement.RETURN_GENERATED_KEYS)) {
            bind(st, in);
            st.executeUpdate();
            try (ResultSet keys = st.getGeneratedKeys()) {
                keys.next();
                return new Item(keys.getLong(1), in.name(), in.description(), in.price(), in.quantity());
            }
        }
    }

    private Item update(long id, Item in) throws ApiError, SQLException {
        try (PreparedStatement st = connection.get().prepareStatement(
                "UPDATE items SET name = ?, description = ?, price = ?, quantity = ? WHERE id = ?")) {
            bind(st, in);
            st.setLong(5, id);
            if (st.executeUpdate() == 0) throw new ApiError(404, "not found");
            return new Item(id, in.name(), in.description(), in.price(), in.quantity());
        }
    }

    private void delete(long id) throws ApiError, SQLException {
        try (PreparedStatement st = connection.get().prepareStatement("DELETE FROM items WHERE id = ?")) {
            st.setLong(1, id);
            if (st.executeUpdate() == 0) throw new ApiError(404, "not found");
        }
    }

    private static void bind(PreparedStatement st, Item in) throws SQLException {
        st.setString(1, in.name());
        st.setString(2, in.description());
        st.setDouble(3, in.price());
        st.setLong(4, in.quantity());
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
