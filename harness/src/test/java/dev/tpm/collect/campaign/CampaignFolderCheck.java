package dev.tpm.collect.campaign;

import dev.tpm.codec.RunCsv;
import dev.tpm.model.RunRow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.model.Endpoints;
import dev.tpm.testing.ExternalTool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** Asserts that a campaign folder the harness wrote follows data.md. */
final class CampaignFolderCheck {
    private CampaignFolderCheck() {}

    /** The rows of phase1.csv and phase2.csv, in file order. */
    record Rows(List<RunRow> phase1, List<RunRow> phase2) {
        List<RunRow> all() {
            List<RunRow> a = new ArrayList<>(phase1);
            a.addAll(phase2);
            return a;
        }
    }

    static Rows check(Path data, String campaign) throws IOException, InterruptedException {
        Path dir = data.resolve("raw").resolve(campaign);
        ObjectMapper json = new ObjectMapper();
        JsonNode c = json.readTree(dir.resolve("campaign.json").toFile());
        assertEquals(campaign, c.path("campaign").asText());
        JsonNode d = c.path("device");
        assertTrue(d.path("id").isTextual() && !d.path("id").asText().isEmpty());
        assertTrue(Set.of("pmic", "rapl", "none").contains(d.path("power_source").asText()));
        assertTrue(d.path("page_size").isInt() && d.path("cores").isInt());
        String tool = c.at("/load_generator/tool").asText();
        assertTrue(Set.of("wrk", "autocannon").contains(tool), tool);
        String kept = tool.equals("wrk") ? ".txt" : ".json";
        for (String k : List.of("preset", "runs", "warmups", "duration_s", "concurrency", "threads", "cooldown_s",
                "seed_rows", "seed_rows_delete", "sample_interval_ms", "order", "rng_seed")) {
            assertTrue(c.path("protocol").has(k), "protocol." + k);
        }
        Set<String> stacks = new HashSet<>();
        for (JsonNode s : c.path("stacks")) {
            stacks.add(s.path("id").asText());
            assertTrue(s.path("language").isTextual() && s.path("framework").isTextual());
            assertTrue(s.path("artifact_bytes").asLong() > 0 && s.path("workers").asInt() >= 1, s.toString());
        }

        List<RunRow> all = new ArrayList<>();
        List<List<RunRow>> byPhase = new ArrayList<>(List.of(List.of(), List.of()));
        long maxPhase1Seq = 0;
        // version 5: in rounds, phases 1, 2 and 5 share rounds and their seqs interleave (data.md)
        boolean rounds = "rounds".equals(c.at("/protocol/order").asText());
        for (int phase = 1; phase <= 2; phase++) {
            Path csv = dir.resolve(phase == 1 ? "phase1.csv" : "phase2.csv");
            if (!Files.exists(csv)) continue;
            List<RunRow> rows = RunFiles.read(csv, phase); // data.md's rules: columns, types, keys, ok rows complete
            assertTrue(!rows.isEmpty(), csv + " has a header and no rows");
            assertEquals(String.join(",", RunRow.header()), Files.readAllLines(csv).get(0));
            for (RunRow r : rows) {
                assertTrue(stacks.contains(r.stack()), r.stack() + " is in campaign.json");
                assertTrue(Endpoints.isKnown(r.endpoint()));
                assertTrue(Files.isRegularFile(dir.resolve("loadgen/" + r.seq() + kept)), "loadgen/" + r.seq() + kept);
                if (rounds) assertTrue(r.round() != null && r.round() >= 1, "every row of a campaign in rounds has its round: " + r);
                else if (phase == 2) assertTrue(r.seq() > maxPhase1Seq, "phase 2 continues phase 1's numbering");
                else maxPhase1Seq = Math.max(maxPhase1Seq, r.seq());
            }
            all.addAll(rows);
            byPhase.set(phase - 1, rows);
        }
        List<RunRow> numbered = new ArrayList<>(all);
        if (rounds && Files.exists(dir.resolve("phase5.csv"))) numbered.addAll(RunFiles.read(dir.resolve("phase5.csv"), 5));
        Set<Long> seqs = numbered.stream().map(RunRow::seq).collect(Collectors.toSet());
        assertEquals(numbered.size(), seqs.size(), "seq unique within the campaign");
        for (long s = 1; s <= numbered.size(); s++) assertTrue(seqs.contains(s), "seq " + s);
        if (rounds) {
            // data.md version 5: a group has at most one measured ok run per round
            Set<String> okInRound = new HashSet<>();
            for (int phase = 1; phase <= 2; phase++) {
                for (RunRow r : byPhase.get(phase - 1)) {
                    if (r.ok() && !r.warmup()) {
                        assertTrue(okInRound.add(phase + " " + r.stack() + " " + r.endpoint() + " " + r.concurrency() + " " + r.round()),
                                "two ok runs of one group in round " + r.round() + ": " + r);
                    }
                }
            }
        }

        Path phase3 = dir.resolve("phase3");
        if (Files.isDirectory(phase3)) {
            try (var files = Files.list(phase3)) {
                for (Path f : files.toList()) {
                    JsonNode s = json.readTree(f.toFile());
                    assertEquals(s.path("stack").asText() + "-" + s.path("endpoint").asText() + "-" + s.path("run").asInt()
                            + ".json", f.getFileName().toString());
                    assertEquals(campaign, s.path("campaign").asText());
                    assertTrue(stacks.contains(s.path("stack").asText()));
                    assertTrue(s.path("interval_ms").asInt() > 0 && s.path("concurrency").asInt() > 0);
                    assertTrue(s.path("started_at").asText().endsWith("Z"));
                    long prev = -1;
                    assertTrue(s.path("samples").size() > 0);
                    for (JsonNode x : s.path("samples")) {
                        assertTrue(x.path("t_ms").asLong() > prev, f + ": t_ms strictly increasing");
                        prev = x.path("t_ms").asLong();
                        assertTrue(x.path("rss_kib").asLong() > 0);
                    }
                }
            }
        }

        // SHA256SUMS lists every file of the campaign, and coreutils agrees with every line
        Set<String> listed = Files.readAllLines(data.resolve("SHA256SUMS")).stream().map(l -> l.substring(66))
                .collect(Collectors.toSet());
        try (var files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertTrue(listed.contains(data.relativize(f).toString()), "SHA256SUMS lists " + f);
            }
        }
        if (ExternalTool.onPath("sha256sum")) {
            Process p = new ProcessBuilder("sha256sum", "-c", "--strict", "--quiet", "SHA256SUMS").directory(data.toFile())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            assertEquals(0, p.waitFor(), out);
        }
        return new Rows(byPhase.get(0), byPhase.get(1));
    }
}
