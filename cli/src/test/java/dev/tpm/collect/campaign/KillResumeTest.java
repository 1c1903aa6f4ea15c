package dev.tpm.collect.campaign;

import dev.tpm.model.RunRow;
import dev.tpm.model.RunKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign whose harness is killed with SIGKILL mid-way resumes on the next start: every row
 * written before the kill stays as it was, no key appears twice, the run left unfinished is
 * measured again and the server the killed harness left running is stopped.
 */
class KillResumeTest {
    static final String PRESET = """
            {"preset": "kill-resume", "runs": 4, "warmups": 0, "duration_s": 1, "concurrency": 2, "threads": 1,
             "cooldown_s": 0, "settle_s": 0.1, "seed_rows": 50, "seed_rows_delete": "auto", "sample_interval_ms": 130,
             "endpoints": ["get_item", "delete_item"], "rng_seed": 11, "order": "randomized", "max_steal_share": null, "max_retries": 2, "startup_timeout_s": 60,
             "stop_grace_s": 10}
            """;

    @Test
    void sigkillMidCampaignThenResume(@TempDir Path tmp) throws Exception {
        CollectEndToEndTest.requireBuilt(List.of("java-jdk"));
        Path preset = tmp.resolve("kill-resume.json");
        Files.writeString(preset, PRESET);
        Path csv = tmp.resolve("data/raw/kr/phase1.csv");

        Process first = CollectProcess.start(tmp, preset, "kr", tmp.resolve("first.log"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (CollectProcess.rows(csv) < 3 && first.isAlive() && System.nanoTime() < deadline) Thread.sleep(50);
        assertTrue(first.isAlive(), "the campaign ended before the kill: " + Files.readString(tmp.resolve("first.log")));
        // mid-run: the next server is up and wrk is loading it
        Path children = tmp.resolve("work/" + CampaignFolder.CHILDREN_FILE);
        while (!Files.exists(children) && System.nanoTime() < deadline) Thread.sleep(20);
        Thread.sleep(400);
        first.destroyForcibly(); // SIGKILL
        assertTrue(first.waitFor(10, TimeUnit.SECONDS));
        assertEquals(137, first.exitValue(), "killed by SIGKILL");

        byte[] before = Files.readAllBytes(csv);
        String beforeText = new String(before, StandardCharsets.UTF_8);
        String complete = beforeText.substring(0, beforeText.lastIndexOf('\n') + 1);
        List<String> keptLines = complete.lines().toList();
        assertTrue(keptLines.size() >= 4, "header and at least three rows: " + keptLines.size());
        List<Long> orphans = new ArrayList<>();
        for (String line : Files.readAllLines(children)) orphans.add(Long.parseLong(line.split(" ")[0]));
        assertTrue(orphans.stream().anyMatch(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)),
                "the killed harness left its server running");

        Process second = CollectProcess.start(tmp, preset, "kr", tmp.resolve("second.log"));
        assertTrue(second.waitFor(300, TimeUnit.SECONDS), "resume finishes");
        String log = Files.readString(tmp.resolve("second.log"));
        assertEquals(0, second.exitValue(), log);
        assertTrue(log.contains("resuming"), log);
        for (long pid : orphans) {
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "left-over " + pid + " stopped");
        }

        List<String> after = Files.readAllLines(csv);
        assertEquals(keptLines, after.subList(0, keptLines.size()), "every earlier row intact, in place");
        CampaignFolderCheck.Rows rows = CampaignFolderCheck.check(tmp.resolve("data"), "kr");
        Set<RunKey> keys = new HashSet<>();
        for (RunRow r : rows.phase1()) assertTrue(keys.add(r.key()), "duplicate " + r.key());
        for (String e : List.of("get_item", "delete_item")) {
            assertEquals(4, rows.phase1().stream().filter(r -> r.endpoint().equals(e) && r.ok()).count(), e);
        }
        // a run the harness discards (a delete run that ran out of rows: the calibration's rate is not
        // the runs' on a busy machine) stays as a row and is retried under the next run number, so
        // the rows beyond the eight measured ones are such runs, each with its reason
        List<RunRow> notOk = rows.phase1().stream().filter(r -> !r.ok()).toList();
        String all = rows.phase1().stream().map(RunRow::toString).collect(java.util.stream.Collectors.joining("\n"));
        assertEquals(8, rows.phase1().size() - notOk.size(), "no run lost, none twice:\n" + all);
        for (RunRow r : notOk) {
            assertTrue(r.note() != null && !r.note().isBlank(), "a run not kept says why: " + r);
        }
    }
}
