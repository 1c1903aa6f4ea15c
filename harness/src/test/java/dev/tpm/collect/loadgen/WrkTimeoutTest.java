package dev.tpm.collect.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.tpm.testing.ExternalTool;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * wrk's request time-out for real: a server that answers after 2.5 s. Under wrk's default 2 s
 * every response is a time-out and none reaches the latency histogram; with the preset's
 * {@code timeout_s} the slow responses are measured.
 */
class WrkTimeoutTest {
    @TempDir
    Path tmp;

    @Test
    void slowResponsesAreMeasuredOnlyWithALongerTimeout() throws Exception {
        ExternalTool.require("wrk");
        HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        http.setExecutor(Executors.newFixedThreadPool(8));
        http.createContext("/", ex -> {
            try {
                Thread.sleep(2500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = "{\"id\":1}".getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        http.start();
        try {
            int port = http.getAddress().getPort();
            Map<String, String> args = Map.of("rows", "10", "threads", "1", "seed", "1");
            Path script = Path.of("harness", "wrk", "get_item.lua");
            WrkCommand dflt = new WrkCommand(List.of(), "wrk", script, 1, 2, 4, port, args);
            assertTrue(!dflt.argv().contains("--timeout"));
            LoadResult cut = WrkOutput.parse(dflt.run(tmp.resolve("default.txt")).output(), "default");
            assertTrue(cut.errorsTimeout() > 0, "wrk's 2 s default times every 2.5 s answer out: " + cut);
            assertTrue(Double.isNaN(cut.latP99Ms()), "no latency recorded: " + cut);

            WrkCommand longer = new WrkCommand(List.of(), "wrk", script, 1, 2, 4, port, args, "127.0.0.1", 10, LoadGenHost.LOCAL);
            assertTrue(String.join(" ", longer.argv()).contains("--timeout 10s"), longer.argv().toString());
            LoadResult kept = WrkOutput.parse(longer.run(tmp.resolve("longer.txt")).output(), "longer");
            assertEquals(0, kept.errorsTimeout(), kept.toString());
            assertTrue(kept.latP99Ms() >= 2500 && kept.latP99Ms() < 4000, "the slow answers are measured: " + kept);
        } finally {
            http.stop(0);
        }
    }
}
