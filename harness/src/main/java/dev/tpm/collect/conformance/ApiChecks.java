package dev.tpm.collect.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.collect.stack.ItemsDatabase;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;

/**
 * The rows of the API table of servers.md that a stack serves (its stack.json's endpoints),
 * exercised against one running server whose database was reset and seeded with
 * {@link #SEED_ROWS} rows of {@link ItemsDatabase}: GET /health always, GET / for {@code hello},
 * GET /json for {@code hello_json}, GET /heavy for {@code heavy}, and every CRUD row for a stack
 * with the CRUD endpoints. Each check is named by its row (request and case); a failing check adds
 * a problem and the rest still run.
 */
final class ApiChecks {
    /** Seeded rows: more than the default limit (100), so the default and the offset are visible. */
    static final int SEED_ROWS = 150;
    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;
    /** An id no check ever creates. */
    static final long MISSING_ID = 999_999;
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);
    static final Set<String> ITEM_FIELDS = Set.of("id", "name", "description", "price", "quantity");
    /** Price and quantity compare exactly: JSON numbers of this size survive every stack's doubles. */
    private static final double PRICE_TOLERANCE = 1e-9;

    /** GET /json's message (servers.md). */
    static final String HELLO_JSON_MESSAGE = "Hello from Pi";
    /** Slack on GET /json's timestamp around the request's own start and end (same clock). */
    static final long TIMESTAMP_SLACK_MS = 1000;
    /** GET /heavy's result: sum of sqrt(i), i = 0..999999, added in that order as the servers do. */
    static final double HEAVY_RESULT = heavySum();
    /** Relative tolerance on GET /heavy's result: another summation order differs by far less. */
    static final double HEAVY_RELATIVE_TOLERANCE = 1e-9;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String base;
    private final List<String> endpoints;
    private final boolean crud;
    private final Path db;
    private final HttpClient http;
    private final BooleanSupplier serverAlive;
    private final List<String[]> problems = new ArrayList<>();
    private int checks;

    /** The CRUD stack's rows (servers.md's whole table). */
    ApiChecks(int port, Path db, BooleanSupplier serverAlive) {
        this(port, db, serverAlive, dev.tpm.collect.stack.StackSpec.CRUD_STACK_ENDPOINTS);
    }

    /** The rows of {@code endpoints} (data.md ids) and GET /health. */
    ApiChecks(int port, Path db, BooleanSupplier serverAlive, List<String> endpoints) {
        this.endpoints = List.copyOf(endpoints);
        this.crud = endpoints.contains(dev.tpm.model.Endpoints.GET_ITEM);
        this.base = "http://127.0.0.1:" + port;
        this.db = db;
        this.serverAlive = serverAlive;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(REQUEST_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** Problems found, each {row, detail}, in the order the rows ran. */
    List<String[]> problems() {
        return problems;
    }

    int checks() {
        return checks;
    }

    interface Row {
        void run() throws Exception;
    }

    /** Runs one row; an exception (refused connection, bad JSON, ...) is that row's problem. */
    private void row(String name, Row body) {
        checks++;
        int before = problems.size();
        try {
            body.run();
        } catch (Failure f) {
            problems.add(new String[] {name, f.getMessage()});
        } catch (Exception e) {
            problems.add(new String[] {name, e.getClass().getSimpleName() + ": " + e.getMessage()});
        }
        if (problems.size() > before && !serverAlive.getAsBoolean()) {
            problems.add(new String[] {name, "the server process exited"});
            throw new Abort();
        }
    }

    /** A failed expectation of a row. */
    static final class Failure extends Exception {
        private static final long serialVersionUID = 1L;

        Failure(String message) {
            super(message, null, false, false);
        }
    }

    /** Stops the rows once the server has died. */
    static final class Abort extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Abort() {
            super(null, null, false, false);
        }
    }

    record Answer(int status, String contentType, String body) {}

    // ---- the rows ------------------------------------------------------------------------------

    void runAll() {
        try {
            rows();
        } catch (Abort a) {
            // the server died: its problem is recorded, the remaining rows cannot run
        }
    }

    private void rows() {
        row("GET /health", () -> {
            Answer a = send("GET", "/health", null);
            status(a, 200);
            text(a, "ok");
        });
        if (endpoints.contains(dev.tpm.model.Endpoints.HELLO)) {
            row("GET /", () -> {
                Answer a = send("GET", "/", null);
                status(a, 200);
                text(a, "Hello, World!");
            });
        }
        if (endpoints.contains(dev.tpm.model.Endpoints.HELLO_JSON)) {
            row("GET /json", () -> {
                long before = System.currentTimeMillis();
                Answer a = send("GET", "/json", null);
                long after = System.currentTimeMillis();
                status(a, 200);
                helloJson(json(a), before, after);
            });
        }
        if (endpoints.contains(dev.tpm.model.Endpoints.HEAVY)) {
            row("GET /heavy", () -> {
                Answer a = send("GET", "/heavy", null);
                status(a, 200);
                heavy(json(a));
            });
        }
        if (crud) crudRows();
    }

    private void crudRows() {

        row("GET /items/{id}", () -> {
            Answer a = send("GET", "/items/1", null);
            status(a, 200);
            item(json(a), seeded(1), true);
        });
        row("GET /items/{id} (missing item)", () -> error(send("GET", "/items/" + MISSING_ID, null), 404, "not found"));
        row("GET /items/{id} (non-integer id abc)", () -> error(send("GET", "/items/abc", null), 400, null));
        row("GET /items/{id} (non-integer id 1.5)", () -> error(send("GET", "/items/1.5", null), 400, null));

        row("GET /items (default limit 100, offset 0)", () -> list("/items", 1, DEFAULT_LIMIT));
        row("GET /items?limit=1000 (every row, ordered by id)", () -> list("/items?limit=" + MAX_LIMIT, 1, SEED_ROWS));
        row("GET /items?limit=5&offset=10", () -> list("/items?limit=5&offset=10", 11, 5));
        row("GET /items?offset=148 (default limit)", () -> list("/items?offset=148", 149, 2));
        row("GET /items?limit=10&offset=1000 (past the end)", () -> list("/items?limit=10&offset=1000", 1, 0));
        for (String bad : List.of("0", "-1", "1001", "abc")) {
            row("GET /items?limit=" + bad + " (bad limit)", () -> error(send("GET", "/items?limit=" + bad, null), 400, null));
        }
        for (String bad : List.of("-1", "abc")) {
            row("GET /items?offset=" + bad + " (bad offset)", () -> error(send("GET", "/items?offset=" + bad, null), 400, null));
        }

        ObjectNode created = body("conformance item", "posted by the conformance check", 12.5, 7);
        long[] newId = {-1};
        row("POST /items", () -> {
            Answer a = send("POST", "/items", created.toString());
            // the id is taken even from a faulty answer, so that the rows after this one still run
            newId[0] = lenientId(a);
            status(a, 201);
            item(json(a), created, false);
            expectCount(SEED_ROWS + 1);
        });
        row("POST /items (integer price)", () -> {
            ObjectNode b = body("integer price", "price 10 is a number", 10, 1);
            b.put("price", 10);
            Answer a = send("POST", "/items", b.toString());
            status(a, 201);
            item(json(a), b, false);
            expectCount(SEED_ROWS + 2);
        });
        if (newId[0] < 0) {
            row("PUT /items/{id}, DELETE /items/{id}", () -> {
                throw new Failure("not run: POST /items answered no item id to update and delete");
            });
            return;
        }
        long id = newId[0];
        row("GET /items/{id} (created item)", () -> {
            Answer a = send("GET", "/items/" + id, null);
            status(a, 200);
            JsonNode expected = created.deepCopy();
            ((ObjectNode) expected).put("id", id);
            item(json(a), expected, true);
        });
        row("GET /items (created items ordered by id after the seeded rows)", () -> {
            Answer a = send("GET", "/items?limit=3&offset=" + (SEED_ROWS - 1), null);
            status(a, 200);
            JsonNode arr = json(a);
            if (!arr.isArray() || arr.size() != 3) throw new Failure("expected an array of 3 items, found " + arr);
            long prev = Long.MIN_VALUE;
            for (JsonNode n : arr) {
                long next = n.path("id").asLong();
                if (next <= prev) throw new Failure("ids not increasing: " + arr);
                prev = next;
            }
            if (arr.get(1).path("id").asLong() != id) throw new Failure("expected the created id " + id + " second, found " + arr);
        });

        badBodies("POST /items", "/items", "POST", SEED_ROWS + 2);

        ObjectNode updated = body("conformance item, updated", "put by the conformance check", 3.25, 11);
        ObjectNode updatedWithId = updated.deepCopy();
        updatedWithId.put("id", id);
        row("PUT /items/{id}", () -> {
            Answer a = send("PUT", "/items/" + id, updated.toString());
            status(a, 200);
            item(json(a), updatedWithId, true);
            Answer g = send("GET", "/items/" + id, null);
            status(g, 200);
            try {
                item(json(g), updatedWithId, true);
            } catch (Failure f) {
                throw new Failure("GET after PUT: " + f.getMessage());
            }
            expectCount(SEED_ROWS + 2);
        });
        row("PUT /items/{id} (missing item)", () -> {
            error(send("PUT", "/items/" + MISSING_ID, updated.toString()), 404, "not found");
            expectCount(SEED_ROWS + 2);
        });
        row("PUT /items/{id} (non-integer id abc)", () -> error(send("PUT", "/items/abc", updated.toString()), 400, null));
        badBodies("PUT /items/{id}", "/items/" + id, "PUT", SEED_ROWS + 2);
        row("PUT /items/{id} (rejected bodies change nothing)", () -> {
            Answer g = send("GET", "/items/" + id, null);
            status(g, 200);
            item(json(g), updatedWithId, true);
        });

        row("DELETE /items/{id}", () -> {
            Answer a = send("DELETE", "/items/" + id, null);
            status(a, 204);
            if (!a.body().isEmpty()) throw new Failure("expected an empty body with 204, found '" + clip(a.body()) + "'");
            expectCount(SEED_ROWS + 1);
            Answer g = send("GET", "/items/" + id, null);
            if (g.status() != 404) throw new Failure("GET after DELETE: expected status 404, found " + g.status());
        });
        row("DELETE /items/{id} (already deleted)", () -> {
            error(send("DELETE", "/items/" + id, null), 404, "not found");
            expectCount(SEED_ROWS + 1);
        });
        row("DELETE /items/{id} (missing item)", () -> error(send("DELETE", "/items/" + MISSING_ID, null), 404, "not found"));
        row("DELETE /items/{id} (non-integer id abc)", () -> {
            error(send("DELETE", "/items/abc", null), 400, null);
            expectCount(SEED_ROWS + 1);
        });
    }

    /** Malformed JSON, a missing field, a wrong type: each answered 400 and changing no row. */
    private void badBodies(String request, String path, String method, long rowsAfter) {
        List<String[]> cases = new ArrayList<>();
        cases.add(new String[] {"malformed JSON", "{\"name\": \"x\", \"description\": "});
        cases.add(new String[] {"JSON array instead of an object", "[]"});
        for (String field : List.of("name", "description", "price", "quantity")) {
            ObjectNode b = body("missing " + field, "d", 1.5, 2);
            b.remove(field);
            cases.add(new String[] {"missing field " + field, b.toString()});
        }
        cases.add(new String[] {"wrong type: name 5", body("x", "d", 1.5, 2).put("name", 5).toString()});
        cases.add(new String[] {"wrong type: description true", body("x", "d", 1.5, 2).put("description", true).toString()});
        cases.add(new String[] {"wrong type: price \"9.99\"", body("x", "d", 1.5, 2).put("price", "9.99").toString()});
        cases.add(new String[] {"wrong type: quantity \"3\"", body("x", "d", 1.5, 2).put("quantity", "3").toString()});
        cases.add(new String[] {"wrong type: quantity 1.5", body("x", "d", 1.5, 2).put("quantity", 1.5).toString()});
        for (String[] c : cases) {
            row(request + " (" + c[0] + ")", () -> {
                error(send(method, path, c[1]), 400, null);
                expectCount(rowsAfter);
            });
        }
    }

    // ---- expectations --------------------------------------------------------------------------

    /** Exactly {"message": "Hello from Pi", "timestamp": ms}, the timestamp taken while answering. */
    static void helloJson(JsonNode n, long beforeMs, long afterMs) throws Failure {
        if (n == null || !n.isObject()) throw new Failure("expected a JSON object, found " + n);
        Set<String> fields = new TreeSet<>();
        n.fieldNames().forEachRemaining(fields::add);
        if (!fields.equals(new TreeSet<>(Set.of("message", "timestamp")))) {
            throw new Failure("expected the fields [message, timestamp], found " + fields);
        }
        if (!n.get("message").isTextual() || !n.get("message").asText().equals(HELLO_JSON_MESSAGE)) {
            throw new Failure("message: expected \"" + HELLO_JSON_MESSAGE + "\", found " + n.get("message"));
        }
        JsonNode t = n.get("timestamp");
        if (!t.isIntegralNumber()) throw new Failure("timestamp: expected an integer (ms since the epoch), found " + t);
        if (t.asLong() < beforeMs - TIMESTAMP_SLACK_MS || t.asLong() > afterMs + TIMESTAMP_SLACK_MS) {
            throw new Failure("timestamp: expected the time of the request in ms since the epoch (" + beforeMs + ".."
                    + afterMs + "), found " + t);
        }
    }

    /** Exactly {"result": sum of sqrt(i), i = 0..999999}. */
    static void heavy(JsonNode n) throws Failure {
        if (n == null || !n.isObject()) throw new Failure("expected a JSON object, found " + n);
        Set<String> fields = new TreeSet<>();
        n.fieldNames().forEachRemaining(fields::add);
        if (!fields.equals(Set.of("result"))) throw new Failure("expected the field [result], found " + fields);
        JsonNode r = n.get("result");
        if (!r.isNumber() || Math.abs(r.asDouble() - HEAVY_RESULT) > HEAVY_RELATIVE_TOLERANCE * HEAVY_RESULT) {
            throw new Failure("result: expected " + HEAVY_RESULT + " (sum of sqrt(i), i = 0..999999), found " + r);
        }
    }

    private static double heavySum() {
        double sum = 0;
        for (int i = 0; i < 1_000_000; i++) sum += Math.sqrt(i);
        return sum;
    }

    private void list(String path, long firstId, int size) throws Exception {
        Answer a = send("GET", path, null);
        status(a, 200);
        JsonNode arr = json(a);
        if (!arr.isArray()) throw new Failure("expected a JSON array, found " + clip(arr.toString()));
        if (arr.size() != size) throw new Failure("expected " + size + " items, found " + arr.size());
        for (int i = 0; i < size; i++) {
            long id = firstId + i;
            try {
                item(arr.get(i), seeded(id), true);
            } catch (Failure f) {
                throw new Failure("element " + i + " (expected id " + id + "): " + f.getMessage());
            }
        }
    }

    /** The "id" of a JSON object answer whatever its status or Content-Type, or -1. */
    private static long lenientId(Answer a) {
        try {
            JsonNode id = JSON.readTree(a.body()).path("id");
            return id.isIntegralNumber() ? id.asLong() : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static ObjectNode seeded(long id) {
        ObjectNode n = body(ItemsDatabase.name(id), ItemsDatabase.description(id), ItemsDatabase.price(id),
                ItemsDatabase.quantity(id));
        n.put("id", id);
        return n;
    }

    private static ObjectNode body(String name, String description, double price, long quantity) {
        ObjectNode n = JSON.createObjectNode();
        n.put("name", name);
        n.put("description", description);
        n.put("price", price);
        n.put("quantity", quantity);
        return n;
    }

    /** An item object: exactly the five fields, each of its JSON type, with the expected values. */
    private static void item(JsonNode n, JsonNode expected, boolean checkId) throws Failure {
        if (n == null || !n.isObject()) throw new Failure("expected an item object, found " + n);
        Set<String> fields = new TreeSet<>();
        n.fieldNames().forEachRemaining(fields::add);
        if (!fields.equals(new TreeSet<>(ITEM_FIELDS))) {
            throw new Failure("expected the fields " + new TreeSet<>(ITEM_FIELDS) + ", found " + fields);
        }
        if (!n.get("id").isIntegralNumber() || n.get("id").asLong() <= 0) {
            throw new Failure("id: expected a positive integer, found " + n.get("id"));
        }
        if (!n.get("name").isTextual()) throw new Failure("name: expected a string, found " + n.get("name"));
        if (!n.get("description").isTextual()) throw new Failure("description: expected a string, found " + n.get("description"));
        if (!n.get("price").isNumber()) throw new Failure("price: expected a number, found " + n.get("price"));
        if (!n.get("quantity").isIntegralNumber()) throw new Failure("quantity: expected an integer, found " + n.get("quantity"));
        if (checkId && n.get("id").asLong() != expected.get("id").asLong()) {
            throw new Failure("id: expected " + expected.get("id") + ", found " + n.get("id"));
        }
        for (String f : List.of("name", "description")) {
            if (!n.get(f).asText().equals(expected.get(f).asText())) {
                throw new Failure(f + ": expected " + expected.get(f) + ", found " + n.get(f));
            }
        }
        if (Math.abs(n.get("price").asDouble() - expected.get("price").asDouble()) > PRICE_TOLERANCE) {
            throw new Failure("price: expected " + expected.get("price") + ", found " + n.get("price"));
        }
        if (n.get("quantity").asLong() != expected.get("quantity").asLong()) {
            throw new Failure("quantity: expected " + expected.get("quantity") + ", found " + n.get("quantity"));
        }
    }

    private static void status(Answer a, int expected) throws Failure {
        if (a.status() != expected) {
            throw new Failure("expected status " + expected + ", found " + a.status() + " (body '" + clip(a.body()) + "')");
        }
    }

    private static void text(Answer a, String expected) throws Failure {
        if (!mediaType(a).equals("text/plain")) {
            throw new Failure("expected Content-Type text/plain, found '" + a.contentType() + "'");
        }
        if (!a.body().equals(expected)) throw new Failure("expected body '" + expected + "', found '" + clip(a.body()) + "'");
    }

    private static JsonNode json(Answer a) throws Failure {
        if (!mediaType(a).equals("application/json")) {
            throw new Failure("expected Content-Type application/json, found '" + a.contentType() + "'");
        }
        try {
            return JSON.readTree(a.body());
        } catch (IOException e) {
            throw new Failure("expected a JSON body, found '" + clip(a.body()) + "'");
        }
    }

    /** The status, then an {"error": "..."} object (with exactly {@code message} when given). */
    private static void error(Answer a, int expectedStatus, String message) throws Failure {
        status(a, expectedStatus);
        JsonNode n = json(a);
        if (!n.isObject() || !n.path("error").isTextual() || n.path("error").asText().isBlank()) {
            throw new Failure("expected {\"error\": \"...\"}, found " + clip(n.toString()));
        }
        if (message != null && !n.get("error").asText().equals(message)) {
            throw new Failure("expected {\"error\": \"" + message + "\"}, found " + clip(n.toString()));
        }
    }

    private void expectCount(long expected) throws Failure, IOException {
        long found = ItemsDatabase.count(db);
        if (found != expected) throw new Failure("expected " + expected + " rows in SQLite, found " + found);
    }

    private static String mediaType(Answer a) {
        String ct = a.contentType() == null ? "" : a.contentType();
        int semi = ct.indexOf(';');
        return (semi < 0 ? ct : ct.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
    }

    private static String clip(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "...";
    }

    private Answer send(String method, String path, String jsonBody) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(REQUEST_TIMEOUT);
        if (jsonBody == null) {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(jsonBody));
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), r.headers().firstValue("Content-Type").orElse(null), r.body());
    }
}
