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
        Problems problems = new Problems();
        MemorySeries back = MemorySeriesJson.read(data, file, "c1", "dev", Set.of("go"), new HashMap<>(), problems);
        assertEquals(java.util.List.of(), problems.all());
        assertEquals("go-get_item-2.json", data.resolve(file).getFileName().toString());
        assertEquals(30, back.concurrency());
        assertArrayEquals(s.tMs(), back.tMs());
        assertArrayEquals(s.rssKib(), back.rssKib());
        assertArrayEquals(s.pssKib(), back.pssKib());
    }
}
