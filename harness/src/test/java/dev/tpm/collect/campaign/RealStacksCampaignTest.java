package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.collect.Presets;
import dev.tpm.collect.loadgen.LoadGenSetup;
import dev.tpm.collect.sample.PowerSource;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.stack.StackBuilder;
import dev.tpm.collect.stack.StackRegistry;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Preset;
import dev.tpm.model.RunRow;
import dev.tpm.testing.ExternalTool;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small campaign of two real reference servers (go and python, built by `make servers`) under
 * real wrk: {@code seed_rows_delete: auto} calibrates each stack's DELETE and gives both stacks'
 * delete runs one table size, recorded in campaign.json; every run of either stack (and every
 * calibration load) starts from a file byte-identical to the campaign's seeded database of its
 * size, with no -wal or -shm beside it; the end summary prints the harness's overhead per run.
 */
class RealStacksCampaignTest {
    @TempDir
    Path tmp;

    /** The real server side, recording the database file each server is spawned on. */
    static final class Recording implements ServerSide {
        final StackServerSide real = new StackServerSide();
        /** stack, rows, sha-256 of the database at the spawn; stale -wal/-shm seen at a spawn. */
        final List<String[]> spawns = new ArrayList<>();
        final List<String> leftBeside = new ArrayList<>();
        int rows;

        @Override
        public void resetAndSeed(Path db, int rows) throws IOException {
            real.resetAndSeed(db, rows);
            this.rows = rows;
        }

        @Override
        public void buildSeeded(Path db, int rows) throws IOException {
            real.buildSeeded(db, rows);
        }

        @Override
        public int freePort() {
            return real.freePort();
        }

        @Override
        public Server start(StackSpec spec, int port, Path db, List<String> prefix, Path logFile) throws IOException {
            return start(spec, "127.0.0.1", port, db, prefix, logFile);
        }

        @Override
        public Server start(StackSpec spec, String bind, int port, Path db, List<String> prefix, Path logFile)
                throws IOException {
            for (String suffix : List.of("-wal", "-shm")) {
                if (Files.exists(Path.of(db + suffix))) leftBeside.add(spec.id() + " " + db + suffix);
            }
            spawns.add(new String[] {spec.id(), Integer.toString(rows), sha256(db)});
            return real.start(spec, bind, port, db, prefix, logFile);
        }

        @Override
        public Map<String, String> environment(StackSpec spec, String bind, Path db) {
            return real.environment(spec, bind, db);
        }

        @Override
        public String toolchainVersion(StackSpec spec) {
            return real.toolchainVersion(spec);
        }

        @Override
        public Long artifactBytes(StackSpec spec) {
            return real.artifactBytes(spec);
        }
    }

    static String sha256(Path f) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void twoStacksShareOneDeleteTableAndStartFromTheSameBytes() throws Exception {
        ExternalTool.require("wrk");
        StackRegistry registry = StackRegistry.load(Path.of("servers"));
        List<StackSpec> stacks = new ArrayList<>();
        for (String id : List.of("go", "python")) {
            StackSpec spec = registry.get(id);
            ExternalTool.requireThat(registry.available(spec) && StackBuilder.isBuilt(spec),
                    "stack " + id + " is not built: run `make servers`");
            stacks.add(spec);
        }
        Path presetFile = tmp.resolve("real.json");
        Files.writeString(presetFile, """
                {"preset": "real", "runs": 1, "warmups": 0, "duration_s": 1, "concurrency": 4, "threads": 2,
                 "cooldown_s": 0, "settle_s": 0.2, "seed_rows": 100, "seed_rows_delete": "auto", "sample_interval_ms": 130,
                 "endpoints": ["get_item", "delete_item"], "rng_seed": 3, "order": "randomized", "max_steal_share": null, "max_retries": 1, "startup_timeout_s": 120,
                 "stop_grace_s": 10, "timeout_s": 5}
                """);
        Preset preset = Presets.load(presetFile);
        Recording side = new Recording();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Path work = tmp.resolve("work");
        CampaignSummary s = new CampaignRunner(CampaignOptions.builder(tmp.resolve("data"), "real", preset, stacks, "dev-1", LoadGenSetup.local(Path.of("harness", "wrk")), work).build(), side, new Sensors(PowerSource.NO_POWER, null),
                DeviceFacts.system(), new PrintStream(log, true, StandardCharsets.UTF_8)).run();
        String text = log.toString(StandardCharsets.UTF_8);

        JsonNode c = new ObjectMapper().readTree(tmp.resolve("data/raw/real/campaign.json").toFile());
        JsonNode size = c.at("/protocol/seed_rows_delete");
        assertTrue(size.isIntegralNumber() && size.asInt() >= DeleteCalibration.ROUND_TO, size.toString());
        Set<String> calibrated = new TreeSet<>();
        for (JsonNode r : c.at("/protocol/" + DeleteCalibration.PROTOCOL_KEY + "/rates")) calibrated.add(r.get("stack").asText());
        assertEquals(Set.of("go", "python"), calibrated);

        List<RunRow> rows = RunFiles.read(tmp.resolve("data/raw/real/phase1.csv"), 1);
        Set<String> deleteStacks = new TreeSet<>();
        for (RunRow r : rows) {
            long expected = r.endpoint().equals("delete_item") ? size.asLong() : 100;
            assertEquals(expected, r.seededRows(), r.toString());
            if (r.endpoint().equals("delete_item")) deleteStacks.add(r.stack());
        }
        assertEquals(Set.of("go", "python"), deleteStacks, text);

        assertEquals(List.of(), side.leftBeside, "no -wal or -shm beside a database at a spawn");
        Map<String, Set<String>> hashes = new TreeMap<>();
        Map<String, Set<String>> stacksOf = new TreeMap<>();
        for (String[] spawn : side.spawns) {
            hashes.computeIfAbsent(spawn[1], k -> new TreeSet<>()).add(spawn[2]);
            stacksOf.computeIfAbsent(spawn[1], k -> new TreeSet<>()).add(spawn[0]);
        }
        for (String n : List.of("100", size.asText(), Integer.toString(DeleteCalibration.FIRST_TABLE_ROWS))) {
            assertEquals(Set.of("go", "python"), stacksOf.get(n), "both stacks started on " + n + " rows: " + stacksOf);
            assertEquals(Set.of(sha256(work.resolve("seeded/items-" + n + ".db"))), hashes.get(n),
                    "every spawn on " + n + " rows saw the seeded file's bytes");
        }
        assertFalse(Files.exists(tmp.resolve("data/raw/real/seeded")), "the seeded files stay out of data/");
        assertTrue(Double.isFinite(s.overheadMedianS()) && s.overheadMaxS() >= s.overheadMedianS(), s.toString());
        assertTrue(text.contains("collect: harness overhead per run"), text);
    }
}
