package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.model.MemorySeries;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the harness writes for a phase-3 series, ingest reads back unchanged (synthetic values). */
class MemorySeriesJsonTest {
    @Test
    void writtenThenReadIsTheSameSeries(@TempDir Path data) throws IOException {
        MemorySeries s = new MemorySeries(null, "c1", null, "go", "get_item", 2, 30, 100,
                "2026-12-01T11:00:00.000Z", new long[] {0, 100, 201}, new long[] {9800, 9900, 10100},
                new long[] {9100, Long.MIN_VALUE, 9300});
        String file = "raw/c1/phase3/" + MemorySeriesJson.fileName("go", "get_item", 2);
        Files.createDirectories(data.resolve(file).getParent());
        Files.writeString(data.resolve(file), MemorySeriesJson.text(s));
        assertEquals("{\"campaign\":\"c1\",\"stack\":\"go\",\"endpoint\":\"get_item\",\"run\":2,\"concurrency\":30,"
                + "\"interval_ms\":100,\"started_at\":\"2026-12-01T11:00:00.000Z\",\"samples\":[{\"t_ms\":0,\"rss_kib\":9800,"
                + "\"pss_kib\":9100},{\"t_ms\":100,\"rss_kib\":9900},{\"t_ms\":201,\"rss_kib\":10100,\"pss_kib\":9300}]}\n",
                MemorySeriesJson.text(s), "the text the harness has always written");
        Problems problems = new Problems();
        MemorySeries back = MemorySeriesJson.read(data, file, "c1", "dev", Set.of("go"), new HashMap<>(), problems);
        assertEquals(java.util.List.of(), problems.all());
        assertEquals("go-get_item-2.json", data.resolve(file).getFileName().toString());
        assertEquals(30, back.concurrency());
        assertArrayEquals(s.tMs(), back.tMs());
        assertArrayEquals(s.rssKib(), back.rssKib());
        assertArrayEquals(s.pssKib(), back.pssKib());
        MemorySeries bare = new MemorySeries(null, null, null, "go", "hello", 1, null, null, null, new long[] {0},
                new long[] {5}, null);
        assertEquals("{\"stack\":\"go\",\"endpoint\":\"hello\",\"run\":1,\"samples\":[{\"t_ms\":0,\"rss_kib\":5}]}\n",
                MemorySeriesJson.text(bare));
    }

    @Test
    void theRulesAcrossKeysAndFilesAreReportedTogether(@TempDir Path data) throws IOException {
        String file = "raw/c1/phase3/go-get_item-1.json";
        Files.createDirectories(data.resolve(file).getParent());
        Files.writeString(data.resolve(file), "{\"campaign\": \"c0\", \"stack\": \"java\", \"endpoint\": \"get_item\","
                + " \"run\": 1, \"samples\": [{\"t_ms\": 0, \"rss_kib\": 1}, {\"t_ms\": 0, \"rss_kib\": 1}]}");
        Problems problems = new Problems();
        java.util.Map<String, String> seen = new HashMap<>(java.util.Map.of("java/get_item/1", "raw/c1/phase3/other.json"));
        assertEquals(null, MemorySeriesJson.read(data, file, "c1", "dev", Set.of("go"), seen, problems));
        assertEquals(java.util.List.of(
                file + " $.campaign: expected the campaign of the folder, 'c1', found 'c0'",
                file + " $.stack: expected a stack of campaign.json (go), found 'java'",
                file + " $.run: expected one series per (stack, endpoint, run) in a campaign, found (java, get_item, 1)"
                        + " also in raw/c1/phase3/other.json",
                file + " $.samples[1].t_ms: expected t_ms strictly increasing, greater than 0 (the previous sample), found 0"),
                problems.all().stream().map(Problem::toString).toList());
    }
}
