package dev.tpm.collect.conformance;

import static dev.tpm.collect.conformance.Expectations.body;
import static dev.tpm.collect.conformance.Expectations.clip;
import static dev.tpm.collect.conformance.Expectations.error;
import static dev.tpm.collect.conformance.Expectations.heavy;
import static dev.tpm.collect.conformance.Expectations.helloJson;
import static dev.tpm.collect.conformance.Expectations.item;
import static dev.tpm.collect.conformance.Expectations.json;
import static dev.tpm.collect.conformance.Expectations.seeded;
import static dev.tpm.collect.conformance.Expectations.seededList;
import static dev.tpm.collect.conformance.Expectations.sleepTimes;
import static dev.tpm.collect.conformance.Expectations.status;
import static dev.tpm.collect.conformance.Expectations.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.collect.conformance.ApiClient.Answer;
import dev.tpm.collect.conformance.Expectations.Failure;
import dev.tpm.collect.stack.ItemsDatabase;
import dev.tpm.model.EndpointRequest;
import dev.tpm.model.Endpoints;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The rows of the API table of servers.md that a stack serves (its stack.json's endpoints),
 * exercised against one running server whose database was reset and seeded with
 * {@link #SEED_ROWS} rows of {@link ItemsDatabase}: GET /health always, GET / for {@code hello},
 * GET /json for {@code hello_json}, GET /heavy for {@code heavy}, GET /sleep for {@code sleep}
 * (answered as GET /, {@link #SLEEP_REQUESTS} requests timed, each after a timed GET /health); for a
 * stack with the CRUD
 * endpoints the reads, then the writes (POST, PUT, each with its rejected bodies), then the
 * deletes, which use the item the writes created. Each check is named by its row (request and
 * case); a failing check adds a {@link RowProblem} and the rest still run, until the server dies.
 * Requests go through {@link ApiClient}; what an answer must be is {@link Expectations}.
 */
final class ApiChecks {
    /** Seeded rows: more than the default limit (100), so the default and the offset are visible. */
    static final int SEED_ROWS = 150;
    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;
    /** Sequential GET /sleep requests timed, one at a time, each after a GET /health timed as its reference. */
    static final int SLEEP_REQUESTS = 5;
    /** An id no check ever creates. */
    static final long MISSING_ID = 999_999;

    /** A row that failed, and why. */
    record RowProblem(String row, String detail) {}

    /** A request body the server must answer 400 without changing a row. */
    record BadBody(String name, String json) {}

    private final ApiClient client;
    private final List<String> endpoints;
    private final boolean crud;
    private final Path db;
    private final BooleanSupplier serverAlive;
    private final List<RowProblem> problems = new ArrayList<>();
    private int checks;

    /** The CRUD stack's rows (servers.md's whole table). */
    ApiChecks(int port, Path db, BooleanSupplier serverAlive) {
        this(port, db, serverAlive, dev.tpm.collect.stack.StackSpec.CRUD_STACK_ENDPOINTS);
    }

    /** The rows of {@code endpoints} (data.md ids) and GET /health. */
    ApiChecks(int port, Path db, BooleanSupplier serverAlive, List<String> endpoints) {
        this.endpoints = List.copyOf(endpoints);
        this.crud = endpoints.contains(dev.tpm.model.Endpoints.GET_ITEM);
        this.client = new ApiClient("127.0.0.1", port);
        this.db = db;
        this.serverAlive = serverAlive;
    }

    /** Problems found, in the order the rows ran. */
    List<RowProblem> problems() {
        return List.copyOf(problems);
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
            problems.add(new RowProblem(name, f.getMessage()));
        } catch (Exception e) {
            problems.add(new RowProblem(name, e.getClass().getSimpleName() + ": " + e.getMessage()));
        }
        if (problems.size() > before && !serverAlive.getAsBoolean()) {
            problems.add(new RowProblem(name, "the server process exited"));
            throw new Abort();
        }
    }

    /** Stops the rows once the server has died. */
    static final class Abort extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Abort() {
            super(null, null, false, false);
        }
    }

    private Answer send(String method, String path, String jsonBody) throws IOException, InterruptedException {
        return client.send(method, path, jsonBody);
    }

    /** The request of {@code endpoint} as the one table of endpoint requests says (the load generators send the same). */
    private Answer send(String endpoint, String jsonBody) throws IOException, InterruptedException {
        EndpointRequest r = EndpointRequest.ALL.get(endpoint);
        return send(r.method(), r.path(), jsonBody);
    }

    /** The request of an item endpoint for item {@code id}. */
    private Answer send(String endpoint, long id, String jsonBody) throws IOException, InterruptedException {
        EndpointRequest r = EndpointRequest.ALL.get(endpoint);
        return send(r.method(), r.path(id), jsonBody);
    }

    void runAll() {
        try {
            helloRows();
            if (crud) {
                readRows();
                long id = writeRows();
                if (id >= 0) deleteRows(id);
            }
        } catch (Abort a) {
            // the server died: its problem is recorded, the remaining rows cannot run
        }
    }

    /** GET /health, and the hello-world rows of the endpoints the stack serves. */
    private void helloRows() {
        row("GET /health", () -> {
            Answer a = send("GET", "/health", null);
            status(a, 200);
            text(a, "ok");
        });
        if (endpoints.contains(dev.tpm.model.Endpoints.HELLO)) {
            row("GET /", () -> {
                Answer a = send(Endpoints.HELLO, null);
                status(a, 200);
                text(a, "Hello, World!");
            });
        }
        if (endpoints.contains(dev.tpm.model.Endpoints.HELLO_JSON)) {
            row("GET /json", () -> {
                long before = System.currentTimeMillis();
                Answer a = send(Endpoints.HELLO_JSON, null);
                long after = System.currentTimeMillis();
                status(a, 200);
                helloJson(json(a), before, after);
            });
        }
        if (endpoints.contains(dev.tpm.model.Endpoints.SLEEP)) {
            row("GET /sleep", () -> {
                double[] millis = new double[SLEEP_REQUESTS];
                double[] healthMillis = new double[SLEEP_REQUESTS];
                for (int i = 0; i < SLEEP_REQUESTS; i++) {
                    long start = System.nanoTime();
                    status(send("GET", "/health", null), 200);
                    healthMillis[i] = (System.nanoTime() - start) / 1e6;
                    start = System.nanoTime();
                    Answer a = send(Endpoints.SLEEP, null);
                    millis[i] = (System.nanoTime() - start) / 1e6;
                    status(a, 200);
                    text(a, "Hello, World!");
                }
                sleepTimes(millis, healthMillis);
            });
        }
        if (endpoints.contains(dev.tpm.model.Endpoints.HEAVY)) {
            row("GET /heavy", () -> {
                Answer a = send(Endpoints.HEAVY, null);
                status(a, 200);
                heavy(json(a));
            });
        }
    }

    /** GET rows over the seeded items: one item, the list and their errors. */
    private void readRows() {

        row("GET /items/{id}", () -> {
            Answer a = send(Endpoints.GET_ITEM, 1, null);
            status(a, 200);
            item(json(a), seeded(1), true);
        });
        row("GET /items/{id} (missing item)", () -> error(send(Endpoints.GET_ITEM, MISSING_ID, null), 404, "not found"));
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

    }

    /**
     * POST and PUT rows, with the bodies each must reject; returns the id of the item POST
     * created (kept for the delete rows), or -1 when there is none.
     */
    private long writeRows() {
        ObjectNode created = body("conformance item", "posted by the conformance check", 12.5, 7);
        long[] newId = {-1};
        row("POST /items", () -> {
            Answer a = send(Endpoints.POST_ITEM, created.toString());
            // the id is taken even from a faulty answer, so that the rows after this one still run
            newId[0] = Expectations.lenientId(a);
            status(a, 201);
            item(json(a), created, false);
            expectCount(SEED_ROWS + 1);
        });
        row("POST /items (integer price)", () -> {
            ObjectNode b = body("integer price", "price 10 is a number", 10, 1);
            b.put("price", 10);
            Answer a = send(Endpoints.POST_ITEM, b.toString());
            status(a, 201);
            item(json(a), b, false);
            expectCount(SEED_ROWS + 2);
        });
        if (newId[0] < 0) {
            row("PUT /items/{id}, DELETE /items/{id}", () -> {
                throw new Failure("not run: POST /items answered no item id to update and delete");
            });
            return -1;
        }
        long id = newId[0];
        row("GET /items/{id} (created item)", () -> {
            Answer a = send(Endpoints.GET_ITEM, id, null);
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
            Answer a = send(Endpoints.PUT_ITEM, id, updated.toString());
            status(a, 200);
            item(json(a), updatedWithId, true);
            Answer g = send(Endpoints.GET_ITEM, id, null);
            status(g, 200);
            try {
                item(json(g), updatedWithId, true);
            } catch (Failure f) {
                throw new Failure("GET after PUT: " + f.getMessage());
            }
            expectCount(SEED_ROWS + 2);
        });
        row("PUT /items/{id} (missing item)", () -> {
            error(send(Endpoints.PUT_ITEM, MISSING_ID, updated.toString()), 404, "not found");
            expectCount(SEED_ROWS + 2);
        });
        row("PUT /items/{id} (non-integer id abc)", () -> error(send("PUT", "/items/abc", updated.toString()), 400, null));
        badBodies("PUT /items/{id}", "/items/" + id, "PUT", SEED_ROWS + 2);
        row("PUT /items/{id} (rejected bodies change nothing)", () -> {
            Answer g = send(Endpoints.GET_ITEM, id, null);
            status(g, 200);
            item(json(g), updatedWithId, true);
        });

        return id;
    }

    /** DELETE rows: the item the writes created, then it again, a missing one and a bad id. */
    private void deleteRows(long id) {
        row("DELETE /items/{id}", () -> {
            Answer a = send(Endpoints.DELETE_ITEM, id, null);
            status(a, 204);
            if (!a.body().isEmpty()) throw new Failure("expected an empty body with 204, found '" + clip(a.body()) + "'");
            expectCount(SEED_ROWS + 1);
            Answer g = send(Endpoints.GET_ITEM, id, null);
            if (g.status() != 404) throw new Failure("GET after DELETE: expected status 404, found " + g.status());
        });
        row("DELETE /items/{id} (already deleted)", () -> {
            error(send(Endpoints.DELETE_ITEM, id, null), 404, "not found");
            expectCount(SEED_ROWS + 1);
        });
        row("DELETE /items/{id} (missing item)", () -> error(send(Endpoints.DELETE_ITEM, MISSING_ID, null), 404, "not found"));
        row("DELETE /items/{id} (non-integer id abc)", () -> {
            error(send("DELETE", "/items/abc", null), 400, null);
            expectCount(SEED_ROWS + 1);
        });
    }

    /** Malformed JSON, a missing field, a wrong type: each answered 400 and changing no row. */
    private void badBodies(String request, String path, String method, long rowsAfter) {
        for (BadBody c : badBodies()) {
            row(request + " (" + c.name() + ")", () -> {
                error(send(method, path, c.json()), 400, null);
                expectCount(rowsAfter);
            });
        }
    }

    /** Malformed JSON, a non-object, each field missing, each field of a wrong type. */
    static List<BadBody> badBodies() {
        List<BadBody> cases = new ArrayList<>();
        cases.add(new BadBody("malformed JSON", "{\"name\": \"x\", \"description\": "));
        cases.add(new BadBody("JSON array instead of an object", "[]"));
        for (String field : List.of("name", "description", "price", "quantity")) {
            ObjectNode b = body("missing " + field, "d", 1.5, 2);
            b.remove(field);
            cases.add(new BadBody("missing field " + field, b.toString()));
        }
        cases.add(new BadBody("wrong type: name 5", body("x", "d", 1.5, 2).put("name", 5).toString()));
        cases.add(new BadBody("wrong type: description true", body("x", "d", 1.5, 2).put("description", true).toString()));
        cases.add(new BadBody("wrong type: price \"9.99\"", body("x", "d", 1.5, 2).put("price", "9.99").toString()));
        cases.add(new BadBody("wrong type: quantity \"3\"", body("x", "d", 1.5, 2).put("quantity", "3").toString()));
        cases.add(new BadBody("wrong type: quantity 1.5", body("x", "d", 1.5, 2).put("quantity", 1.5).toString()));
        return cases;
    }

    private void list(String path, long firstId, int size) throws Exception {
        Answer a = send("GET", path, null);
        status(a, 200);
        seededList(json(a), firstId, size);
    }

    private void expectCount(long expected) throws Failure, IOException {
        long found = ItemsDatabase.count(db);
        if (found != expected) throw new Failure("expected " + expected + " rows in SQLite, found " + found);
    }
}
