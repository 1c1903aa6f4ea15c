package dev.tpm.collect.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.tpm.collect.stack.FreePort;
import dev.tpm.testing.ExternalTool;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The two load generators' command lines, and autocannon run for real against a local test server. */
class LoadGeneratorTest {
    static final Path AUTOCANNON = Path.of("harness", "loadgen", "autocannon");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void autocannonCommandLine() {
        AutocannonCommand c = AutocannonCommand.forEndpoint(List.of("taskset", "-c", "0"), "node", Path.of("/h/ac"), 1, 10,
                30, 10, 8080, "hello_json");
        assertEquals(List.of("node", "/h/ac/node_modules/autocannon/autocannon.js", "-c", "10", "-d", "30",
                "-t", "10", "--json", "http://127.0.0.1:8080/json"), c.autocannonArgv());
        assertEquals(List.of("taskset", "-c", "0", "sh", "-c"), c.argv().subList(0, 5));
        assertTrue(c.argv().get(5).endsWith(" >&2; exit $rc"), "the CPU line goes to stderr, stdout stays JSON: " + c.argv());
        assertEquals(c.autocannonArgv(), c.argv().subList(7, c.argv().size()), "run by the shell that reports its CPU");
        AutocannonCommand w = AutocannonCommand.forEndpoint(List.of(), "node", Path.of("/h/ac"), 2, 50, 300, 10, 9, "heavy");
        assertTrue(w.argv().containsAll(List.of("-w", "2")) && w.argv().get(w.argv().size() - 1).equals("http://127.0.0.1:9/heavy"),
                w.argv().toString());
        assertThrows(IllegalArgumentException.class,
                () -> AutocannonCommand.forEndpoint(List.of(), "node", Path.of("/h/ac"), 1, 1, 1, 1, 1, "get_item"));
    }

    @Test
    void remoteAutocannonIsOneQuotedCommandThroughSsh() {
        LoadGenHost host = new LoadGenHost("pi@loadgen", Path.of("/c/ssh_config"));
        AutocannonCommand c = AutocannonCommand.forEndpoint(List.of(), "node", Path.of("tpm/autocannon"), 1, 10, 30, 10,
                "192.168.1.5", 8080, "heavy", host);
        List<String> argv = c.argv();
        assertEquals(host.ssh(), argv.subList(0, argv.size() - 1));
        String remote = argv.get(argv.size() - 1);
        assertTrue(remote.startsWith("sh -c '"), remote);
        assertTrue(remote.endsWith(" sh node tpm/autocannon/node_modules/autocannon/autocannon.js -c 10 -d 30 -t 10 --json "
                + "http://192.168.1.5:8080/heavy"), "the folder on that host, as given: " + remote);
    }

    @Test
    void wrkTakesThePresetsTimeoutInSeconds() {
        WrkCommand c = new WrkCommand(List.of(), "wrk", Path.of("/s/hello.lua"), 4, 100, 30, 8080, Map.of(), 2000);
        assertEquals(List.of("wrk", "-t", "4", "-c", "100", "-d", "30s", "--timeout", "2000s", "--latency", "-s",
                "/s/hello.lua", "http://127.0.0.1:8080/"), c.wrkArgv());
        assertEquals(c.wrkArgv(), c.argv().subList(4, c.argv().size()), "run by the shell that reports its CPU");
        assertTrue(!new WrkCommand(List.of(), "wrk", Path.of("/s/hello.lua"), 4, 100, 30, 8080, Map.of()).argv().contains("--timeout"));
    }

    @Test
    void aMissingAutocannonSaysHowToInstallIt() {
        IOException e = assertThrows(IOException.class,
                () -> LoadGenerator.autocannon(tmp, "node").checkReady(List.of("hello_json")));
        assertTrue(e.getMessage().endsWith("autocannon is not installed; run `make servers` (npm ci in " + tmp + ")"), e.getMessage());
    }

    @Test
    void aNodeThatCannotRunIsNamedWithTheOptionToGiveIt() throws Exception {
        requireAutocannon();
        String missing = tmp.resolve("no-such-node").toString();
        IOException e = assertThrows(IOException.class,
                () -> LoadGenerator.autocannon(AUTOCANNON, missing).checkReady(List.of("hello_json")));
        assertTrue(e.getMessage().startsWith("autocannon: cannot run node as '" + missing + "': give its path with --node"),
                e.getMessage());
        // an executable that is not node: its answer to --version is not a version
        Path notNode = tmp.resolve("not-node");
        Files.writeString(notNode, "#!/bin/sh\necho \"usage: not-node FILE\"\necho second line\n");
        assertTrue(notNode.toFile().setExecutable(true));
        IOException e2 = assertThrows(IOException.class, () -> LoadGenerator.autocannon(AUTOCANNON, notNode.toString()).version());
        assertEquals("autocannon: '" + notNode + " --version': expected a version such as v20.20.2, found 'usage: not-node FILE'",
                e2.getMessage());
    }

    @Test
    void theInstalledAutocannonIsThePinnedOneAndTheVersionLineNamesItsNode() throws Exception {
        requireAutocannon();
        String pinned = JSON.readTree(AUTOCANNON.resolve("package.json").toFile()).at("/dependencies/autocannon").asText();
        LoadGenerator.Version v = LoadGenerator.autocannon(AUTOCANNON, "node").version();
        assertEquals(pinned, v.number());
        String node = new String(new ProcessBuilder("node", "--version").start().getInputStream().readAllBytes(),
                StandardCharsets.UTF_8).strip();
        assertEquals("autocannon v" + pinned + " (npm), node " + node, v.line());
        assertEquals(pinned, JSON.readTree(AUTOCANNON.resolve("package-lock.json").toFile())
                .at("/packages/node_modules~1autocannon/version").asText());
    }

    @Test
    void autocannonLoadsAServerAndItsJsonIsKeptAndParsed() throws Exception {
        requireAutocannon();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(Executors.newFixedThreadPool(2));
        server.createContext("/json", ex -> {
            byte[] body = ("{\"message\":\"Hello from Pi\",\"timestamp\":" + System.currentTimeMillis() + "}")
                    .getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        try {
            LoadGenerator lg = LoadGenerator.autocannon(AUTOCANNON, "node");
            LoadGenerator.Outcome o = lg.run(new LoadGenerator.Request(List.of(), "hello_json", 1, 2, 1, Double.NaN,
                    server.getAddress().getPort(), Map.of()), tmp, h -> { });
            assertEquals(0, o.exitCode(), o.messages());
            assertEquals(tmp.resolve("loadgen-output.json"), o.output());
            assertEquals(o.text(), Files.readString(o.output()));
            assertEquals(2, JSON.readTree(o.text()).get("connections").asInt());
            LoadResult r = lg.parse(o, "run");
            assertEquals(AutocannonJson.SOURCE, r.source());
            assertTrue(r.requests() > 0 && r.rps() > 0, r.toString());
            assertEquals(0, r.non2xx());
            assertEquals(0, r.socketErrors());
            assertTrue(r.durationS() >= 1 && r.durationS() < 5, r.toString());
            assertTrue(o.cpu() != null && o.cpu().cpuS() > 0 && o.cpu().cpus() >= 1, "node's CPU, from the shell: " + o.cpu());
            assertTrue(!o.messages().contains(WrkCommand.CPU_MARKER), o.messages());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void autocannonAgainstAClosedPortGivesNoRequestsAndErrors() throws Exception {
        requireAutocannon();
        LoadGenerator lg = LoadGenerator.autocannon(AUTOCANNON, "node");
        LoadGenerator.Outcome o = lg.run(new LoadGenerator.Request(List.of(), "hello", 1, 1, 1, 1, FreePort.find(), Map.of()),
                tmp, h -> { });
        LoadResult r = lg.parse(o, "run");
        assertEquals(0, r.requests());
        assertTrue(r.errorsConnect() > 0, r.toString());
        assertTrue(Double.isNaN(r.latP99Ms()));
    }

    private static void requireAutocannon() {
        ExternalTool.require("node");
        ExternalTool.requireThat(Files.isRegularFile(AutocannonCommand.script(AUTOCANNON)),
                "autocannon is not installed in " + AUTOCANNON + " (make servers)");
    }
}
