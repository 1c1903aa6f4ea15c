package dev.tpm.collect.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.stack.Fixtures;
import dev.tpm.collect.stack.StackRegistry;
import dev.tpm.testing.ExternalTool;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The check against the fixture stacks (a correct and a broken stdlib server): no built server needed. */
class ConformanceCheckTest {
    @TempDir
    Path work;

    @BeforeEach
    void python() {
        ExternalTool.require("python3");
    }

    @Test
    void aCorrectServerPassesEveryRow() throws IOException {
        ConformanceCheck.StackReport r = new ConformanceCheck(work).check(Fixtures.stack("fixture-good"));
        assertEquals(List.of(), r.problems());
        assertTrue(r.passed());
        assertTrue(r.checks() >= 50, "rows run: " + r.checks());
    }

    @Test
    void aBrokenServerIsReportedWithTheFailingRowsNamed() throws IOException {
        ConformanceCheck.StackReport r = new ConformanceCheck(work).check(Fixtures.stack("fixture-broken"));
        assertFalse(r.passed());
        ConformanceCheck.Problem missing = find(r, "GET /items/{id} (missing item)").orElseThrow(
                () -> new AssertionError("missing-item row not reported: " + r.problems()));
        assertEquals("fixture-broken", missing.stack());
        assertTrue(missing.detail().contains("expected status 404, found 200"), missing.detail());
        ConformanceCheck.Problem post = find(r, "POST /items").orElseThrow(
                () -> new AssertionError("POST row not reported: " + r.problems()));
        assertTrue(post.detail().contains("expected Content-Type application/json, found 'text/html'"), post.detail());
        // text/plain rows are unaffected by the planted bugs, so they pass
        assertTrue(find(r, "GET /health").isEmpty(), r.problems().toString());
        assertTrue(find(r, "GET /").isEmpty(), r.problems().toString());
        assertTrue(missing.toString().startsWith("fixture-broken: GET /items/{id} (missing item): "), missing.toString());
    }

    @Test
    void noProcessOfTheServerIsLeftRunningAfterTheCheck() throws IOException {
        ConformanceCheck.StackReport r = new ConformanceCheck(work).check(Fixtures.stack("fixture-good"));
        // the fixture starts 2 children (CHILDREN=2 in its stack.json): a tree of 3
        assertEquals(3, r.pids().size(), "pids seen: " + r.pids());
        for (long pid : r.pids()) {
            assertFalse(ProcessHandle.of(pid).map(h -> h.isAlive() && !zombie(pid)).orElse(false),
                    "pid " + pid + " still running");
        }
    }

    @Test
    void aLauncherRunsTheServerAndTheCheckGoesOnAsWithout() throws IOException {
        // what scripts/arm64/check.sh gives: a command that is handed the run argv and execs it
        Path mark = work.resolve("launched");
        List<String> launcher = List.of("/bin/sh", "-c", "echo \"$PWD\" > '" + mark + "'; exec \"$@\"", "launcher");
        ConformanceCheck.StackReport r = new ConformanceCheck(work, launcher, java.time.Duration.ofSeconds(60))
                .check(Fixtures.stack("fixture-good"));
        assertEquals(List.of(), r.problems());
        assertTrue(r.checks() >= 50, "rows run: " + r.checks());
        // run in the stack's folder, as without a launcher
        assertEquals(Fixtures.stack("fixture-good").dir().toAbsolutePath().normalize().toString(),
                java.nio.file.Files.readString(mark).strip());
        assertEquals(3, r.pids().size(), "the launcher execs the server: no process of its own; pids " + r.pids());
    }

    @Test
    void aStackThatIsNotBuiltIsSaidSoWithoutStartingAnything() throws IOException {
        ConformanceCheck.StackReport r = new ConformanceCheck(work).check(Fixtures.stack("not-built"));
        assertEquals(1, r.problems().size());
        assertEquals("build", r.problems().get(0).row());
        assertTrue(r.problems().get(0).detail().startsWith("not built (missing [bin/server])"), r.problems().toString());
        assertEquals(List.of(), r.pids());
    }

    @Test
    void aServerThatDiesBeforeItServesIsAProblemOfThatStack() throws IOException {
        ConformanceCheck.StackReport r = new ConformanceCheck(work).check(Fixtures.stack("exits-early"));
        assertEquals(1, r.problems().size(), r.problems().toString());
        assertEquals("start", r.problems().get(0).row());
        assertTrue(r.problems().get(0).detail().contains("exited with code 3"), r.problems().toString());
    }

    @Test
    void oneRunReportsEveryStackAndEveryProblem() throws IOException {
        StackRegistry registry = StackRegistry.load(Fixtures.STACKS);
        ConformanceCheck.Report report = new ConformanceCheck(work).run(registry, List.of("fixture-broken", "fixture-good", "not-built"));
        assertEquals(List.of("fixture-broken", "fixture-good", "not-built"),
                report.stacks().stream().map(ConformanceCheck.StackReport::stack).toList());
        assertFalse(report.passed());
        String text = report.text();
        assertTrue(text.contains("FAIL fixture-broken"), text);
        assertTrue(text.contains("PASS fixture-good"), text);
        assertTrue(text.contains("FAIL not-built"), text);
        assertTrue(text.contains("fixture-broken: GET /items/{id} (missing item): expected status 404"), text);
        assertTrue(text.contains("not-built: build: not built"), text);
        assertTrue(text.endsWith("conformance: FAILED\n"), text);
    }

    @Test
    void aStackThatDeclaresTheNodePiEndpointsIsCheckedOnThoseAndNotOnTheItems() throws IOException {
        ConformanceCheck.StackReport r = new ConformanceCheck(work).check(Fixtures.stack("fixture-seed-good"));
        assertEquals(List.of(), r.problems());
        // GET /health, GET /, GET /json, GET /heavy and the versions: no CRUD row, no GET /diag
        assertEquals(5, r.checks());
    }

    @Test
    void wrongAnswersOfDeclaredEndpointsAreReportedAndUndeclaredOnesAreNotChecked() throws IOException {
        ConformanceCheck.StackReport r = new ConformanceCheck(work).check(Fixtures.stack("fixture-seed-broken"));
        assertEquals(4, r.checks(), "GET /health, GET /json, GET /heavy, the versions");
        assertEquals(List.of("GET /json", "GET /heavy"), r.problems().stream().map(ConformanceCheck.Problem::row).toList());
        assertTrue(r.problems().get(0).detail().equals("message: expected \"Hello from Pi\", found \"Hello from the fixture\""),
                r.problems().get(0).detail());
        assertTrue(r.problems().get(1).detail().startsWith("result: expected " + Expectations.HEAVY_RESULT), r.problems().get(1).detail());
        // the planted missing-item-200 bug is in a CRUD row, which this stack does not declare
        assertTrue(find(r, "GET /items/{id} (missing item)").isEmpty());
    }

    @Test
    void aHelloStackIsCheckedOnGetRootAlone() throws IOException {
        ConformanceCheck.StackReport r = new ConformanceCheck(work).check(Fixtures.stack("fixture-seed-hello"));
        assertEquals(List.of(), r.problems());
        assertEquals(3, r.checks(), "GET /health, GET /, the versions");
    }

    @Test
    void aStackThatDeclaresSleepIsTimedOnIt() throws IOException {
        ConformanceCheck.StackReport r = new ConformanceCheck(work).check(Fixtures.stack("fixture-sleep-good"));
        assertEquals(List.of(), r.problems());
        assertEquals(5, r.checks(), "GET /health, GET /, GET /json, GET /sleep, the versions");
    }

    @Test
    void aSleepThatDoesNotWaitOrWaitsTooLongFailsItsRow() throws IOException {
        ConformanceCheck.StackReport none = new ConformanceCheck(work).check(Fixtures.stack("fixture-sleep-none"));
        assertEquals(List.of("GET /sleep"), none.problems().stream().map(ConformanceCheck.Problem::row).toList());
        assertTrue(none.problems().get(0).detail().startsWith("expected every answer after at least 50 ms, found ["),
                none.problems().get(0).detail());
        ConformanceCheck.StackReport slow = new ConformanceCheck(work).check(Fixtures.stack("fixture-sleep-slow"));
        assertEquals(List.of("GET /sleep"), slow.problems().stream().map(ConformanceCheck.Problem::row).toList());
        assertTrue(slow.problems().get(0).detail().startsWith("expected the fastest answer within 100 ms of 50 ms + the fastest GET /health"),
                slow.problems().get(0).detail());
    }

    @Test
    void sleepTimesNeedEveryAnswerAfterTheWaitAndTheFastestCloseToIt() throws Exception {
        // a busy machine: the fastest sleep 90 ms beyond the fastest GET /health (2.5 ms) passes
        Expectations.sleepTimes(new double[] {142.5, 300.0, 400.0}, new double[] {2.5, 80.0, 200.0});
        Expectations.Failure early = org.junit.jupiter.api.Assertions.assertThrows(Expectations.Failure.class,
                () -> Expectations.sleepTimes(new double[] {50.2, 49.9, 50.4}, new double[] {0.5, 0.4, 0.6}));
        assertEquals("expected every answer after at least 50 ms, found [50.2, 49.9, 50.4] ms", early.getMessage());
        Expectations.Failure late = org.junit.jupiter.api.Assertions.assertThrows(Expectations.Failure.class,
                () -> Expectations.sleepTimes(new double[] {1050.2, 1100.5}, new double[] {0.5, 0.4}));
        assertEquals("expected the fastest answer within 100 ms of 50 ms + the fastest GET /health (0.4 ms), found [1050.2, 1100.5] ms",
                late.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(Expectations.Failure.class,
                () -> Expectations.sleepTimes(new double[0], new double[0]));
    }

    @Test
    void helloJsonAndHeavyExpectations() throws Exception {
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        Expectations.helloJson(json.readTree("{\"message\": \"Hello from Pi\", \"timestamp\": 1700000000500}"),
                1700000000000L, 1700000001000L);
        Expectations.Failure late = org.junit.jupiter.api.Assertions.assertThrows(Expectations.Failure.class, () -> Expectations.helloJson(
                json.readTree("{\"message\": \"Hello from Pi\", \"timestamp\": 1700000005000}"), 1700000000000L, 1700000001000L));
        assertTrue(late.getMessage().startsWith("timestamp: expected the time of the request"), late.getMessage());
        Expectations.Failure extra = org.junit.jupiter.api.Assertions.assertThrows(Expectations.Failure.class, () -> Expectations.helloJson(
                json.readTree("{\"message\": \"Hello from Pi\", \"timestamp\": 1, \"x\": 1}"), 0, 2));
        assertEquals("expected the fields [message, timestamp], found [message, timestamp, x]", extra.getMessage());
        // the value Node, Go and Python print for the sum (the same additions in the same order)
        assertEquals(666666166.4588418, Expectations.HEAVY_RESULT, 0);
        Expectations.heavy(json.readTree("{\"result\": 666666166.4588418}"));
        Expectations.heavy(json.readTree("{\"result\": 666666166.4588}"));
        org.junit.jupiter.api.Assertions.assertThrows(Expectations.Failure.class,
                () -> Expectations.heavy(json.readTree("{\"result\": 666666167.4588418}")));
        org.junit.jupiter.api.Assertions.assertThrows(Expectations.Failure.class,
                () -> Expectations.heavy(json.readTree("{\"result\": \"666666166.4588418\"}")));
    }

    @Test
    void aCorrectServerReportsThePolicyPragmasAndItsVersions() throws IOException {
        ConformanceCheck.StackReport r = new ConformanceCheck(work).check(Fixtures.stack("fixture-good"));
        assertTrue(find(r, ConformanceCheck.DIAG_ROW).isEmpty(), r.problems().toString());
        assertTrue(r.versions().get("sqlite").matches("3\\.\\d+\\.\\d+"), r.versions().toString());
        assertTrue(r.versions().get("runtime").startsWith("CPython 3."), r.versions().toString());
        assertEquals("http.server", r.versions().get("framework"));
    }

    @Test
    void aServerThatBreaksTheSqlitePolicyFailsWithEachBreachNamed() throws IOException {
        // the API rows pass: only GET /diag shows the planted breaches
        ConformanceCheck.StackReport r = new ConformanceCheck(work).check(Fixtures.stack("fixture-policy-broken"));
        assertFalse(r.passed());
        List<String> diag = r.problems().stream().filter(p -> p.row().equals(ConformanceCheck.DIAG_ROW))
                .map(ConformanceCheck.Problem::detail).toList();
        assertEquals(List.of(
                "pragma synchronous: expected 1, found 2",
                "pragma cache_size: expected -2000, found -16000",
                "connections.write: expected 1 write connection per process, found 2"), diag);
        assertEquals(diag.size(), r.problems().size(), r.problems().toString());
    }

    @Test
    void aSqliteServerWithoutDiagFailsConformance() throws IOException {
        ConformanceCheck.StackReport r = new ConformanceCheck(work).check(Fixtures.stack("fixture-no-diag"));
        assertFalse(r.passed());
        ConformanceCheck.Problem p = find(r, ConformanceCheck.DIAG_ROW).orElseThrow(
                () -> new AssertionError("no /diag problem: " + r.problems()));
        assertTrue(p.detail().startsWith("GET /diag: expected status 200, found 404"), p.detail());
    }

    private static Optional<ConformanceCheck.Problem> find(ConformanceCheck.StackReport r, String row) {
        return r.problems().stream().filter(p -> p.row().equals(row)).findFirst();
    }

    static boolean zombie(long pid) {
        try {
            String s = java.nio.file.Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return s.charAt(s.lastIndexOf(')') + 2) == 'Z';
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
