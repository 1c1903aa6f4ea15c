package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.collect.Presets;
import dev.tpm.model.Preset;
import dev.tpm.model.RunRow;
import dev.tpm.model.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Phase 4's search step by step on synthetic rows: the next rate, its rounding and where it stops. */
class Phase4SearchTest {
    private static final Phase4Search.Target TARGET = new Phase4Search.Target(100, 0.95);

    private static Preset preset(double factor, double maxFraction) throws IOException {
        ObjectNode n = (ObjectNode) new ObjectMapper().readTree(Path.of("harness", "presets", "smoke.json").toFile());
        ObjectNode s = ((ObjectNode) n.get("phase4")).putObject("search");
        s.put("factor", factor).put("max_fraction", maxFraction);
        return Presets.parse(n.toString(), "smoke.json");
    }

    private static RunRow row(String stack, double offered, double rps, double p99, boolean ok) {
        RunRow.Builder b = new RunRow.Builder(1, stack, "get_item", 4, 2, 1, false);
        b.offeredRps = offered;
        b.rps = rps;
        b.latP99Ms = p99;
        b.status = ok ? RunStatus.OK : RunStatus.FAILED;
        return b.build();
    }

    @Test
    void aRateMeetsTheTargetWhenItKeptUpWithinTheP99() {
        List<RunRow> rows = List.of(row("go", 1000, 990, 5, true), row("go", 1000, 960, 150, true), row("go", 1000, 950, 8, true),
                row("go", 2000, 1800, 5, true), row("go", 3000, 3000, 5, false));
        assertTrue(Phase4Search.met(rows, "go", "get_item", 1000, TARGET), "medians 960 req/s and 8 ms");
        assertFalse(Phase4Search.met(rows, "go", "get_item", 2000, TARGET), "did not keep up: 1800 < 0.95 x 2000");
        assertFalse(Phase4Search.met(rows, "go", "get_item", 3000, TARGET), "no ok run");
        assertFalse(Phase4Search.met(rows, "go", "get_item", 4000, TARGET), "never run");
    }

    @Test
    void theSearchStepsUpByTheFactorUntilARateFailsOrPassesTheCeiling() throws IOException {
        Preset p = preset(1.5, 2.0);
        Map<String, TreeSet<Double>> declared = Map.of("go get_item", new TreeSet<>(List.of(200.0, 500.0)),
                "rust get_item", new TreeSet<>(List.of(200.0, 500.0)));
        Map<String, Double> medians = Map.of("go get_item", 1000.0, "rust get_item", 1000.0);
        List<RunRow> rows = new ArrayList<>(List.of(row("go", 200, 200, 1, true), row("go", 500, 499, 2, true),
                row("rust", 200, 200, 1, true), row("rust", 500, 300, 400, true)));
        Phase4Search.Step s1 = Phase4Search.next(p, List.of("go", "rust"), declared, medians, rows, TARGET, 1);
        // rust failed its highest declared rate: no search; go: 1.5 x 500 = 750
        assertEquals(List.of(750.0), s1.runs().stream().map(PlannedRun::offeredRps).toList());
        assertTrue(s1.runs().stream().allMatch(r -> r.stack().equals("go") && r.phase() == 4 && !r.warmup()));
        rows.add(row("go", 750, 749, 3, true));
        Phase4Search.Step s2 = Phase4Search.next(p, List.of("go", "rust"), declared, medians, rows, TARGET, 2);
        assertEquals(List.of(1125.0), s2.runs().stream().map(PlannedRun::offeredRps).toList());
        rows.add(row("go", 1125, 1120, 4, true));
        // 1.5 x 1125 = 1687.5 rounds to 1688; then 2532 would pass 2.0 x 1000
        Phase4Search.Step s3 = Phase4Search.next(p, List.of("go", "rust"), declared, medians, rows, TARGET, 3);
        assertEquals(List.of(1688.0), s3.runs().stream().map(PlannedRun::offeredRps).toList());
        rows.add(row("go", 1688, 1680, 6, true));
        Phase4Search.Step s4 = Phase4Search.next(p, List.of("go", "rust"), declared, medians, rows, TARGET, 4);
        assertEquals(List.of(), s4.runs());
        assertTrue(s4.lines().get(0).contains("2532 req/s would pass max_fraction 2.0"), s4.lines().toString());
        // a failing search rate ends it too
        rows.set(rows.size() - 1, row("go", 1688, 1200, 6, true));
        assertEquals(List.of(), Phase4Search.next(p, List.of("go", "rust"), declared, medians, rows, TARGET, 4).runs());
    }

    @Test
    void theTargetComesFromAnalysisJsonOrItsDefaults(@TempDir Path tmp) throws IOException {
        Phase4Search.Target d = Phase4Search.target(tmp);
        assertEquals(dev.tpm.model.AnalysisConfig.defaults().latencySloMs(), d.latencySloMs());
        Path f = tmp.resolve("config/analysis.json");
        Files.createDirectories(f.getParent());
        Files.writeString(f, "{\"latency_slo_ms\": 50, \"kept_up_ratio\": 0.9}");
        assertEquals(new Phase4Search.Target(50, 0.9), Phase4Search.target(tmp));
        Files.writeString(f, "{\"latency_slo_ms\": -1}");
        String error = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> Phase4Search.target(tmp))
                .getMessage();
        assertTrue(error.contains("$.latency_slo_ms") && error.contains("expected a number > 0, found -1"), error);
    }
}
