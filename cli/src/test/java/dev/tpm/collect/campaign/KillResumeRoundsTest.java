package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.stack.StackBuilder;
import dev.tpm.collect.stack.StackRegistry;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.RunKey;
import dev.tpm.model.RunRow;
import dev.tpm.testing.ExternalTool;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Version 5: a campaign in rounds, behind the quiet gate on this machine's /proc/stat, whose
 * harness is killed with SIGKILL mid-round resumes in that round: the rows before the kill stay
 * as they were, no key twice, each group has one ok run in each of its rounds, and the first run
 * the resume makes is the round the kill stopped.
 */
class KillResumeRoundsTest {
    static final String PRESET = """
            {"preset": "kill-resume-rounds", "runs": 3, "warmups": 1, "duration_s": 1, "concurrency": 2, "threads": 1,
             "cooldown_s": 0, "settle_s": 0.1, "seed_rows": 50, "seed_rows_delete": "auto", "sample_interval_ms": 130,
             "endpoints": ["get_item", "delete_item"], "rng_seed": 13, "max_retries": 3, "startup_timeout_s": 60,
             "stop_grace_s": 10, "quiet": {"window_s": 0.3, "max_wait_s": 3}}
            """;

    @Test
    void sigkillMidRoundThenResumeInThatRound(@TempDir Path tmp) throws Exception {
        ExternalTool.require("wrk");
        StackRegistry registry = StackRegistry.load(Path.of("servers"));
        StackSpec jdk = registry.get("java-jdk");
        ExternalTool.requireThat(registry.available(jdk) && StackBuilder.isBuilt(jdk), "stack java-jdk is not built (make servers)");
        Path preset = tmp.resolve("krr.json");
        Files.writeString(preset, PRESET);
        Path csv = tmp.resolve("data/raw/krr/phase1.csv");

        Process first = CollectProcess.start(tmp, preset, "krr", tmp.resolve("first.log"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        // two warm-ups (the warm-up round), then the kill inside measured round 1 or 2
        while (CollectProcess.rows(csv) < 3 && first.isAlive() && System.nanoTime() < deadline) Thread.sleep(50);
        assertTrue(first.isAlive(), "the campaign ended before the kill: " + Files.readString(tmp.resolve("first.log")));
        Thread.sleep(700);
        first.destroyForcibly(); // SIGKILL
        assertTrue(first.waitFor(10, TimeUnit.SECONDS));
        String beforeText = Files.readString(csv, StandardCharsets.UTF_8);
        List<String> kept = beforeText.substring(0, beforeText.lastIndexOf('\n') + 1).lines().toList();
        List<RunRow> before = CampaignFolder.readForResume(tmp.resolve("data"), csv, 1, null, new HashMap<>());

        Process second = CollectProcess.start(tmp, preset, "krr", tmp.resolve("second.log"));
        assertTrue(second.waitFor(300, TimeUnit.SECONDS), "resume finishes");
        String log = Files.readString(tmp.resolve("second.log"));
        assertEquals(0, second.exitValue(), log);
        assertTrue(log.contains("resuming"), log);
        assertEquals(kept, Files.readAllLines(csv).subList(0, kept.size()), "every earlier row intact, in place");

        List<RunRow> all = CampaignFolder.readForResume(tmp.resolve("data"), csv, 1, null, new HashMap<>());
        Set<RunKey> keys = new HashSet<>();
        Map<String, List<Integer>> okRounds = new HashMap<>();
        for (RunRow r : all) {
            assertTrue(keys.add(r.key()), "duplicate " + r.key());
            assertTrue(r.round() != null && r.quietWaitS() >= 0, r.toString());
            if (r.ok() && !r.warmup()) okRounds.computeIfAbsent(r.endpoint(), k -> new ArrayList<>()).add(r.round());
        }
        for (String e : List.of("get_item", "delete_item")) {
            assertEquals(List.of(1, 2, 3), okRounds.get(e).stream().sorted().toList(), e + ": one ok run in each round");
        }
        // the round the kill stopped in: the last row's round if its round still missed a group's ok run
        RunRow firstResumed = all.get(before.size());
        RunRow lastBefore = before.get(before.size() - 1);
        int stoppedIn = lastBefore.warmup() ? 1 : lastBefore.round();
        boolean roundOpen = lastBefore.warmup() ? before.stream().filter(RunRow::warmup).count() < 2
                : before.stream().filter(r -> !r.warmup() && r.ok() && r.round() == stoppedIn).count() < 2;
        if (roundOpen) {
            assertEquals(lastBefore.warmup(), firstResumed.warmup(), log);
            assertEquals(stoppedIn, firstResumed.round(), "the resume continues the round it stopped in: " + log);
        } else {
            assertTrue(firstResumed.warmup() ? firstResumed.round() == 1 : firstResumed.round() >= stoppedIn, log);
        }
    }
}
