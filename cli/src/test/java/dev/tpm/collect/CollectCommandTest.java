package dev.tpm.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.cli.Main;
import dev.tpm.testing.ExternalTool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** What {@code collect} refuses before it measures anything. */
class CollectCommandTest {
    @TempDir
    Path tmp;

    private record Result(int code, String err) {}

    private Result collect(String... args) {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            String[] all = new String[args.length + 1];
            all[0] = "collect";
            System.arraycopy(args, 0, all, 1, args.length);
            int code = Main.commandLine().execute(all);
            return new Result(code, err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(saved);
        }
    }

    /** A stack whose server answers /health and nothing else: it must fail the conformance check. */
    @Test
    void refusesAStackThatFailsConformance() throws Exception {
        ExternalTool.require("python3");
        ExternalTool.require("wrk");
        Path stack = Files.createDirectories(tmp.resolve("servers/healthonly"));
        Files.writeString(stack.resolve("server.py"), """
                import os
                from http.server import HTTPServer, BaseHTTPRequestHandler
                class H(BaseHTTPRequestHandler):
                    def log_message(self, *a): pass
                    def do_GET(self):
                        body = b"ok" if self.path == "/health" else b"nope"
                        self.send_response(200 if self.path == "/health" else 500)
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                HTTPServer((os.environ.get("BIND", "127.0.0.1"), int(os.environ["PORT"])), H).serve_forever()
                """);
        Files.writeString(stack.resolve("stack.json"), """
                {"id": "healthonly", "language": "Python", "framework": "http.server (test fixture)",
                 "toolchain": ["python3"], "build": [], "run": ["python3", "server.py"], "env": {}, "workers": 1,
                 "artifacts": ["server.py"], "version": ["python3", "--version"]}
                """);
        Result r = collect("--preset", "smoke", "--stacks", "healthonly", "--servers", tmp.resolve("servers").toString(),
                "--data", tmp.resolve("data").toString(), "--work", tmp.resolve("work").toString(), "--campaign", "x");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("stack 'healthonly' fails the conformance check, not measured"), r.err());
        assertFalse(Files.exists(tmp.resolve("data/raw/x")), "nothing measured");
    }

    @Test
    void theEstimateSaysTheRunsTheTimeAndWhetherTheTestsCanResolve() {
        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            code = Main.commandLine().execute("collect", "--preset", "pilot-v6", "--estimate", "--stacks", "go,rust,python,node,java-jdk",
                    "--data", tmp.resolve("data").toString());
        } finally {
            System.setOut(saved);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, text);
        assertTrue(text.startsWith("estimate: preset pilot-v6 on 5 stacks [go, rust, python, node, java-jdk]: 410 runs and 14 probes,"
                + " 8546 s (2h22m)"), text);
        assertTrue(text.contains("tests: a Holm family of 350 (10 pairs of stacks x 5 endpoints x 7 metrics)")
                && text.contains("a pair can be significant"), text);
        assertFalse(Files.exists(tmp.resolve("data/raw")), "nothing collected");
    }

    @Test
    void refusesUnknownPresetStackAndCampaignName() {
        Result preset = collect("--preset", "nope", "--data", tmp.resolve("data").toString());
        assertEquals(1, preset.code());
        assertTrue(preset.err().contains("no such preset") && preset.err().contains("paper, pilot, pilot-v3, pilot-v3-curves, pilot-v4, pilot-v5, pilot-v6, smoke, unit, unit-v6]"), preset.err());

        // version 5's bad input: refused with the preset file and key, before any run or folder
        for (String[] bad : new String[][] {
            {"\"max_steal_share\": null", "\"max_steal_share\": 1.5", "$.max_steal_share: expected a number from 0 to 1, or null, found 1.5"},
            {"\"order\": \"rounds\"", "\"order\": \"random\"", "$.order: expected one of rounds, randomized, found 'random'"},
            {"\"max_steal_share\": null", "\"quiet\": {\"window_s\": -2}", "$.quiet.window_s: expected a number > 0 and <= 3600, found -2"},
        }) {
            try {
                Path f = tmp.resolve("bad-" + Math.abs(bad[1].hashCode()) + ".json");
                String smoke = Files.readString(Path.of("harness", "presets", "smoke.json"));
                assertTrue(smoke.contains(bad[0]), bad[0]);
                Files.writeString(f, smoke.replace(bad[0], bad[1]));
                Result r = collect("--preset", f.toString(), "--stacks", "go", "--data", tmp.resolve("data-v5").toString());
                assertEquals(1, r.code(), r.err());
                assertTrue(r.err().contains(f + ": " + bad[2]), r.err());
                assertFalse(Files.exists(tmp.resolve("data-v5").resolve("raw")), "nothing written before the refusal");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        Result stack = collect("--preset", "smoke", "--stacks", "cobol", "--data", tmp.resolve("data").toString());
        assertEquals(1, stack.code());
        assertTrue(stack.err().contains("no stack 'cobol'"), stack.err());

        Result hello = collect("--preset", "node-pi-smoke", "--stacks", "go-http", "--data", tmp.resolve("data").toString(),
                "--autocannon", tmp.toString());
        assertEquals(1, hello.code());
        assertTrue(hello.err().contains("autocannon is not installed; run `make servers`"), hello.err());

        Result name = collect("--preset", "smoke", "--campaign", "../escape", "--data", tmp.resolve("data").toString());
        assertEquals(1, name.code());
        assertTrue(name.err().contains("--campaign: expected a folder name"), name.err());

        Result model = collect("--preset", "smoke", "--model-id", "pi 5", "--data", tmp.resolve("data").toString());
        assertEquals(1, model.code());
        assertTrue(model.err().contains("--model-id: expected an id of letters, digits"), model.err());
    }

    @Test
    void refusesAStackThatDoesNotServeThePresetsEndpoints() {
        // go-http serves the hello-world endpoints only (checked before anything is built or started)
        Result pi = collect("--preset", "smoke", "--stacks", "go-http", "--data", tmp.resolve("data").toString());
        assertEquals(1, pi.code());
        assertTrue(pi.err().contains("stack 'go-http': does not serve [post_item, get_item, get_list, put_item, delete_item, mixed],"
                + " which preset smoke loads (its stack.json lists [hello, hello_json, sleep])"), pi.err());
        assertFalse(Files.exists(tmp.resolve("data/raw")), "nothing measured");
    }
}
