package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.collect.sample.PowerSource;
import dev.tpm.collect.sample.TreeSampler;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemorySeriesFileTest {
    @Test
    void dataMdShapeWithStrictlyIncreasingTimes() throws Exception {
        var none = PowerSource.PowerReading.missing(0);
        long t0 = 5_000_000_000L;
        List<TreeSampler.Sample> s = List.of(
                new TreeSampler.Sample(t0, 61234, 60011, 1, none, -1, 0),
                new TreeSampler.Sample(t0 + 131_000_000L, 61900, -1, 1, none, -1, 0),
                new TreeSampler.Sample(t0 + 131_200_000L, 61901, 60100, 1, none, -1, 0), // same ms: dropped
                new TreeSampler.Sample(t0 + 260_000_000L, 0, 0, 0, none, -1, 0)); // no process: dropped
        String json = MemorySeriesFile.json("2026-12-01-pi5-a", "node", "get_item", 1, 30, 130,
                "2026-12-01T11:00:00.000Z", s);
        JsonNode n = new ObjectMapper().readTree(json);
        assertEquals("{\"campaign\":\"2026-12-01-pi5-a\",\"stack\":\"node\",\"endpoint\":\"get_item\",\"run\":1,"
                + "\"concurrency\":30,\"interval_ms\":130,\"started_at\":\"2026-12-01T11:00:00.000Z\",\"samples\":["
                + "{\"t_ms\":0,\"rss_kib\":61234,\"pss_kib\":60011},{\"t_ms\":131,\"rss_kib\":61900}]}\n", json);
        assertFalse(n.get("samples").get(1).has("pss_kib"));
        assertEquals("node-get_item-1.json", MemorySeriesFile.fileName("node", "get_item", 1));
    }
}
