package dev.tpm.tables;

import dev.tpm.testing.Campaigns;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.ingest.Dataset;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.Endpoints;
import dev.tpm.model.PublishedValue;
import dev.tpm.model.StackInfo;
import dev.tpm.model.Studies;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Results;
import dev.tpm.results.Verification;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * app_servers and replication_app_servers on a SYNTHETIC app-servers campaign (made-up numbers,
 * for the tables' text only): a stand-in (campaign.json stacks[].stand_in) is named with the
 * seed's server and why in both tables, and Dart's rows say "not built here: no Dart SDK".
 */
class AppServersStandInTest {
    private static final StackInfo.StandIn NIM = new StackInfo.StandIn("httpbeast",
            "httpbeast is in no registry this project reaches");

    static Results synthetic() throws Exception {
        var json = new ObjectMapper().readTree("""
                {"campaign": "2026-12-01-vm-app-servers", "study": "app-servers",
                 "device": {"id": "vm", "model": "2-vCPU VM", "cores": 2, "power_source": "none"},
                 "load_generator": {"tool": "wrk", "version": "4.1.0", "host": "same"},
                 "protocol": {"preset": "app-servers", "runs": 6, "warmups": 1, "duration_s": 30,
                              "concurrency": 100, "threads": 4, "order": "randomized", "rng_seed": 2},
                 "stacks": []}
                """);
        Device vm = Device.of("vm", "2-vCPU VM", null, 2, 4096L, "x86_64", "Debian 12", null, null, null, null,
                null, 4096, "none");
        List<StackInfo> stacks = List.of(
                new StackInfo("go-http", "Go 1.26", "net/http", 1L, 1),
                new StackInfo("nim-http", "Nim 1.6.10", "asynchttpserver", 1L, 1, NIM));
        Campaign c = Campaigns.of("2026-12-01-vm-app-servers", vm,
                json.get("load_generator"), json.get("protocol"), stacks, json);
        List<PublishedValue> published = List.of(
                new PublishedValue("costajob/app-servers", "Results", "dart-httpserver", "rps_best_c100", 59335.33, "req/s", ""),
                new PublishedValue("costajob/app-servers", "Results", "go-http", "rps_best_c100", 103847.10, "req/s", ""),
                new PublishedValue("costajob/app-servers", "Results", "nim-http", "rps_best_c100", 128257.98, "req/s", ""));
        Dataset d = new Dataset(Path.of("data"), AnalysisConfig.defaults(), List.of(), List.of(c), List.of(), List.of(),
                List.of(), published, List.of());
        List<LoadgenSummary> rows = List.of(
                new LoadgenSummary("vm", Studies.APP_SERVERS, 1, "go-http", Endpoints.HELLO, 100, 6, 9000, 9500, 1, 2, 3, 14.5, 108, 1),
                new LoadgenSummary("vm", Studies.APP_SERVERS, 1, "nim-http", Endpoints.HELLO, 100, 6, 7000, 7400, 1, 2, 3, 3.25, 99, 1));
        return new Results(dev.tpm.testing.TestFacts.of(d, rows), new Verification(1, "ab".repeat(32)), List.of("go-http", "nim-http"), List.of(), List.of(),
                List.of(), rows, List.of());
    }

    private static List<String> cells(TableModel t, String stackSubstring) {
        return t.rows().stream().map(TableModel.Row::cells).filter(r -> String.join("|", r).contains(stackSubstring))
                .findFirst().orElseThrow(() -> new AssertionError("no row of " + stackSubstring + " in " + t.rows()));
    }

    @Test
    void appServersNamesTheStandInAndSaysDartIsNotBuilt() throws Exception {
        TableModel t = new AppServersTable().build(synthetic());
        List<String> nim = cells(t, "nim-http");
        assertEquals("asynchttpserver (nim-http; a stand-in for httpbeast)", nim.get(2));
        assertEquals("7400", nim.get(4));
        assertEquals("7000", nim.get(5), "the median of the laps beside the best");
        assertFalse(cells(t, "go-http").get(2).contains("stand-in"), "go-http is the seed's own server");
        List<String> dart = cells(t, "dart-httpserver");
        // median, RAM, CPU and host saturated: nothing measured
        assertEquals(List.of("vm", "Dart", "HttpServer (dart:io), AOT (dart-httpserver)", "100",
                "not built here: no Dart SDK", "n/a", "n/a", "n/a", "n/a"), dart);
        // ascending req/s as the seed prints it, the system not built here after the measured ones
        assertEquals(List.of("nim-http", "go-http", "dart-httpserver"), t.rows().stream()
                .map(r -> r.cells().get(2).replaceAll(".*\\((\\S+?)[;)].*", "$1")).toList());
        assertTrue(t.notes().contains("nim-http stands in for the seed's httpbeast: httpbeast is in no registry this"
                + " project reaches."), t.notes().toString());
        assertTrue(t.notes().stream().anyMatch(n -> n.startsWith("dart-httpserver (the seed's Dart HttpServer (dart:io), AOT):"
                + " not built here: no Dart SDK")), t.notes().toString());
    }

    @Test
    void theReplicationTablePutsTheSeedsValueBesideTheStandInAndSaysDartIsNotBuilt() throws Exception {
        TableModel t = new StudyReplicationTable(Studies.APP_SERVERS).build(synthetic());
        assertEquals("not built here: no Dart SDK", cells(t, "dart-httpserver").get(6));
        assertEquals("n/a", cells(t, "dart-httpserver").get(7));
        List<String> nim = cells(t, "nim-http");
        assertEquals("7400", nim.get(6));
        assertEquals("1 / 2", nim.get(7), "httpbeast above net/http in the seed, the stand-in below here");
        assertTrue(t.notes().contains("nim-http: measured by a stand-in for the seed's httpbeast: httpbeast is in no"
                + " registry this project reaches."), t.notes().toString());
        assertTrue(t.notes().stream().anyMatch(n -> n.startsWith("dart-httpserver (the seed's Dart HttpServer (dart:io),"
                + " AOT): not built here: no Dart SDK")), t.notes().toString());
    }
}
