package dev.tpm.collect.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.collect.conformance.ApiClient.Answer;
import dev.tpm.collect.stack.ItemsDatabase;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * What servers.md expects of an answer, as pure functions of the answer: each throws a
 * {@link Failure} that says what was expected and what was found.
 */
final class Expectations {
    static final Set<String> ITEM_FIELDS = Set.of("id", "name", "description", "price", "quantity");
    /** Price and quantity compare exactly: JSON numbers of this size survive every stack's doubles. */
    static final double PRICE_TOLERANCE = 1e-9;
    /** GET /json's message (servers.md). */
    static final String HELLO_JSON_MESSAGE = "Hello from Pi";
    /** Slack on GET /json's timestamp around the request's own start and end (same clock). */
    static final long TIMESTAMP_SLACK_MS = 1000;
    /** GET /heavy's result: sum of sqrt(i), i = 0..999999, added in that order as the servers do. */
    static final double HEAVY_RESULT = heavySum();
    /** Relative tolerance on GET /heavy's result: another summation order differs by far less. */
    static final double HEAVY_RELATIVE_TOLERANCE = 1e-9;
    /** GET /sleep's wait (servers.md: 50 ms). */
    static final double SLEEP_MS = 50;
    /**
     * How far the fastest GET /sleep may take beyond {@link #SLEEP_MS} plus the fastest GET /health
     * of the same server: on an idle machine a loopback round trip takes well under a millisecond,
     * but the 2-core machines this runs on are shared (at a load average of 30 here, single GET
     * /sleep answers took 75-680 ms on every stack, GET /health alike), so the check compares with
     * the same server's own round trip and takes the fastest of each, the samples the machine
     * disturbed least. 100 ms of slack; a server that waits a second still fails.
     */
    static final double SLEEP_SLACK_MS = 100;
    private static final ObjectMapper JSON = new ObjectMapper();

    private Expectations() {}

    private static double heavySum() {
        double sum = 0;
        for (int i = 0; i < 1_000_000; i++) sum += Math.sqrt(i);
        return sum;
    }

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

    /**
     * The client-side times of sequential GET /sleep requests, each after a GET /health: every
     * sleep at least {@link #SLEEP_MS} (the request and its answer surround the server's whole wait,
     * so a shorter time means the server did not wait), and the fastest sleep at most the fastest
     * GET /health + {@link #SLEEP_MS} + {@link #SLEEP_SLACK_MS} (the server waits about 50 ms, not
     * far more; on an idle server, about 50 ms in all).
     */
    static void sleepTimes(double[] millis, double[] healthMillis) throws Failure {
        if (millis.length == 0 || healthMillis.length == 0) throw new Failure("no GET /sleep request was timed");
        String times = java.util.Arrays.stream(millis).mapToObj(m -> String.format(Locale.ROOT, "%.1f", m))
                .collect(java.util.stream.Collectors.joining(", ", "[", "] ms"));
        double fastest = java.util.Arrays.stream(millis).min().getAsDouble();
        double health = java.util.Arrays.stream(healthMillis).min().getAsDouble();
        if (fastest < SLEEP_MS) {
            throw new Failure(String.format(Locale.ROOT, "expected every answer after at least %.0f ms, found %s", SLEEP_MS, times));
        }
        if (fastest > health + SLEEP_MS + SLEEP_SLACK_MS) {
            throw new Failure(String.format(Locale.ROOT, "expected the fastest answer within %.0f ms of %.0f ms + the fastest GET /health"
                    + " (%.1f ms), found %s", SLEEP_SLACK_MS, SLEEP_MS, health, times));
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

    /** A failed expectation of a row. */
    static final class Failure extends Exception {
        private static final long serialVersionUID = 1L;

        Failure(String message) {
            super(message, null, false, false);
        }
    }

    /** Item {@code id} as ItemsDatabase seeds it. */
    static ObjectNode seeded(long id) {
        ObjectNode n = body(ItemsDatabase.name(id), ItemsDatabase.description(id), ItemsDatabase.price(id),
                ItemsDatabase.quantity(id));
        n.put("id", id);
        return n;
    }

    static ObjectNode body(String name, String description, double price, long quantity) {
        ObjectNode n = JSON.createObjectNode();
        n.put("name", name);
        n.put("description", description);
        n.put("price", price);
        n.put("quantity", quantity);
        return n;
    }

    /** An item object: exactly the five fields, each of its JSON type, with the expected values. */
    static void item(JsonNode n, JsonNode expected, boolean checkId) throws Failure {
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

    /** A JSON array of {@code size} seeded items, ids from {@code firstId} on. */
    static void seededList(JsonNode arr, long firstId, int size) throws Failure {
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

    static void status(Answer a, int expected) throws Failure {
        if (a.status() != expected) {
            throw new Failure("expected status " + expected + ", found " + a.status() + " (body '" + clip(a.body()) + "')");
        }
    }

    static void text(Answer a, String expected) throws Failure {
        if (!mediaType(a).equals("text/plain")) {
            throw new Failure("expected Content-Type text/plain, found '" + a.contentType() + "'");
        }
        if (!a.body().equals(expected)) throw new Failure("expected body '" + expected + "', found '" + clip(a.body()) + "'");
    }

    static JsonNode json(Answer a) throws Failure {
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
    static void error(Answer a, int expectedStatus, String message) throws Failure {
        status(a, expectedStatus);
        JsonNode n = json(a);
        if (!n.isObject() || !n.path("error").isTextual() || n.path("error").asText().isBlank()) {
            throw new Failure("expected {\"error\": \"...\"}, found " + clip(n.toString()));
        }
        if (message != null && !n.get("error").asText().equals(message)) {
            throw new Failure("expected {\"error\": \"" + message + "\"}, found " + clip(n.toString()));
        }
    }

    /** The "id" of a JSON object answer whatever its status or Content-Type, or -1. */
    static long lenientId(Answer a) {
        try {
            JsonNode id = JSON.readTree(a.body()).path("id");
            return id.isIntegralNumber() ? id.asLong() : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    static String mediaType(Answer a) {
        String ct = a.contentType() == null ? "" : a.contentType();
        int semi = ct.indexOf(';');
        return (semi < 0 ? ct : ct.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
    }

    static String clip(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "...";
    }
}
