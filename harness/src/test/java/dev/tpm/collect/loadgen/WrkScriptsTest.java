package dev.tpm.collect.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.FixtureItemsServer;
import dev.tpm.testing.ExternalTool;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness's wrk scripts under the real wrk, against a counting test server. */
class WrkScriptsTest {
    static final Path SCRIPTS = Path.of("harness", "wrk");
    @TempDir
    Path tmp;

    @BeforeAll
    static void wrk() {
        ExternalTool.require("wrk");
    }

    private String lastOutput;

    private LoadResult run(FixtureItemsServer s, String endpoint, int rows, int threads, int connections,
            Map<String, String> extra) throws Exception {
        return run(s, endpoint, rows, threads, connections, 1, extra);
    }

    private LoadResult run(FixtureItemsServer s, String endpoint, int rows, int threads, int connections,
            int durationS, Map<String, String> extra) throws Exception {
        Map<String, String> args = new LinkedHashMap<>();
        args.put("rows", Integer.toString(rows));
        args.put("threads", Integer.toString(threads));
        args.put("seed", "42");
        args.putAll(extra);
        WrkCommand c = new WrkCommand(List.of(), "wrk", SCRIPTS.resolve(endpoint + ".lua"), threads, connections, durationS,
                s.port(), args);
        WrkCommand.Outcome o = c.run(tmp.resolve(endpoint + ".txt"));
        lastOutput = o.output();
        assertEquals(0, o.exitCode(), o.output());
        LoadResult w = WrkOutput.parse(o.output(), endpoint);
        assertEquals(LoadResult.SOURCE_DONE_JSON, w.source(), "every script prints the done() line: " + o.output());
        assertTrue(w.requests() > 0, o.output());
        return w;
    }

    @Test
    void deleteHitsEveryIdAtMostOnceAcrossThreads() throws Exception {
        int rows = 200_000;
        try (FixtureItemsServer s = new FixtureItemsServer(0, rows)) {
            LoadResult w = run(s, "delete_item", rows, 2, 8, Map.of());
            assertEquals(0, w.non2xx(), "every DELETE found its row");
            assertEquals(0, s.count("DELETE 404"));
            assertEquals(0, WrkDoneJson.missingIds(lastOutput).orElseThrow(), "no id without a row");
            assertTrue(s.deletesById.values().stream().allMatch(n -> n.get() == 1), "no id deleted twice");
            assertTrue(s.deletesById.keySet().stream().allMatch(id -> id >= 1 && id <= rows));
            // both threads worked in their own half: ids from both halves were deleted
            assertTrue(s.deletesById.keySet().stream().anyMatch(id -> id <= rows / 2));
            assertTrue(s.deletesById.keySet().stream().anyMatch(id -> id > rows / 2));
            assertEquals(rows - s.count("DELETE 204"), s.size());
        }
    }

    @Test
    void deleteBeyondItsSliceGoesAboveTheSeededRange() throws Exception {
        int rows = 20;
        try (FixtureItemsServer s = new FixtureItemsServer(0, rows)) {
            LoadResult w = run(s, "delete_item", rows, 2, 2, Map.of());
            // wrk draws one request from thread 1 to check the script and never sends it: id 1
            assertEquals(rows - 1, s.count("DELETE 204"), "each other seeded row deleted once");
            assertTrue(!s.deletesById.containsKey(1L));
            long notFound = s.count("DELETE 404");
            assertTrue(notFound >= w.non2xx() && notFound <= w.non2xx() + 2, "404s past the slices, in flight at the end too");
            long missing = WrkDoneJson.missingIds(lastOutput).orElseThrow();
            assertTrue(missing >= w.non2xx() && missing <= notFound + 2, "done() counts the ids that had no row: " + missing
                    + " for " + notFound + " 404s");
            assertTrue(!lastOutput.contains("seed more rows"), "no stderr warning nobody reads");
            assertTrue(s.deletesById.entrySet().stream().allMatch(e -> e.getValue().get() == 1));
        }
    }

    @Test
    void getAndPutStayInTheSeededRangeAndBodiesAreValid() throws Exception {
        int rows = 50;
        try (FixtureItemsServer s = new FixtureItemsServer(0, rows)) {
            LoadResult g = run(s, "get_item", rows, 2, 4, Map.of());
            assertEquals(0, g.non2xx());
            LoadResult p = run(s, "put_item", rows, 2, 4, Map.of());
            assertEquals(0, p.non2xx());
            assertTrue(s.maxIdAsked.get() <= rows);
            LoadResult post = run(s, "post_item", rows, 2, 4, Map.of());
            assertEquals(0, post.non2xx());
            assertEquals(0, s.badBodies.get());
            // the server may answer a few requests more than wrk counts: those in flight at the end
            assertTrue(s.count("POST 201") >= post.requests() && s.count("POST 201") <= post.requests() + 4);
            run(s, "get_list", rows, 2, 4, Map.of());
            assertTrue(s.count("GET 200") > g.requests());
            LoadResult hello = run(s, "hello", rows, 1, 1, Map.of());
            assertEquals(0, hello.non2xx());
        }
    }

    @Test
    void theNodePiScriptsAskForTheirPaths() throws Exception {
        try (FixtureItemsServer s = new FixtureItemsServer(0, 1)) {
            LoadResult json = run(s, "hello_json", 1, 1, 2, Map.of());
            LoadResult heavy = run(s, "heavy", 1, 1, 2, Map.of());
            assertEquals(0, json.non2xx() + heavy.non2xx());
            // in flight at the end: the server may answer up to a request per connection more
            long jsonAnswered = s.byPath.get("/json").get();
            long heavyAnswered = s.byPath.get("/heavy").get();
            assertTrue(jsonAnswered >= json.requests() && jsonAnswered <= json.requests() + 2, jsonAnswered + " " + json);
            assertTrue(heavyAnswered >= heavy.requests() && heavyAnswered <= heavy.requests() + 2, heavyAnswered + " " + heavy);
            assertEquals(java.util.Set.of("/json", "/heavy"), s.byPath.keySet());
        }
    }

    @Test
    void mixedDrawsByTheWeightsAndDeletesOnlyRowsThatExist() throws Exception {
        int rows = 20_000;
        try (FixtureItemsServer s = new FixtureItemsServer(0, rows)) {
            String mix = "post_item:0.2,get_item:0.4,get_list:0.1,put_item:0.1,delete_item:0.2";
            // 3 s, so that a loaded machine still gives enough requests to compare the shares
            LoadResult w = run(s, "mixed", rows, 2, 4, 3, Map.of("mix", mix));
            long post = s.count("POST 201");
            long del = s.count("DELETE 204") + s.count("DELETE 404");
            long list = s.count("GET 200") + s.count("GET 404");
            long total = w.requests();
            assertTrue(total > 200, "enough requests to compare shares: " + total);
            // each share within four binomial standard deviations of its weight
            assertEquals(0.2, post / (double) total, shareTolerance(0.2, total), "post share");
            assertEquals(0.2, del / (double) total, shareTolerance(0.2, total), "delete share");
            assertEquals(0.5, list / (double) total, shareTolerance(0.5, total), "get_item + get_list share");
            assertEquals(0, s.count("DELETE 404"), "deletes take created or sliced ids");
            assertEquals(0, s.count("GET 404") + s.count("PUT 404"), "GET and PUT stay on the half no DELETE touches");
            assertEquals(0, WrkDoneJson.missingIds(lastOutput).orElseThrow());
            assertTrue(s.deletesById.values().stream().allMatch(n -> n.get() == 1));
        }
    }

    private static double shareTolerance(double weight, long n) {
        return 4 * Math.sqrt(weight * (1 - weight) / n);
    }
}
