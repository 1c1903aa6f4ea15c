package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.PublishedValue;
import dev.tpm.model.SourceSetup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** reference/setup.json and published.csv's category (data.md version 4): what is read, and bad input named. */
class SetupJsonTest {
    private static final String FILE = "reference/setup.json";

    private static List<String> problems(Path path) {
        Problems p = new Problems();
        SetupJson.read(path, FILE, p);
        return p.all().stream().map(Problem::toString).toList();
    }

    @Test
    void readsEachSourcesStatedFactorsAndLeavesTheOthersNull(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("setup.json");
        Files.writeString(f, "{\"paper\": {\"model\": \"Raspberry Pi 5\", \"server_cores\": 4, \"stacks\": [\"go\", \"rust\"]},"
                + " \"blog\": {\"load_generator_host\": \"same\"}, \"arXiv:2609.11932\": {\"runs\": 50}}");
        Problems p = new Problems();
        List<SourceSetup> s = SetupJson.read(f, FILE, p);
        assertEquals(0, p.size());
        assertEquals(List.of("paper", "blog", "arXiv:2609.11932"), s.stream().map(SourceSetup::source).toList());
        assertEquals(50L, s.get(2).runs());
        assertEquals("Raspberry Pi 5", s.get(0).model());
        assertEquals(4L, s.get(0).serverCores());
        assertEquals(List.of("go", "rust"), s.get(0).stacks());
        assertNull(s.get(0).pageSize());
        assertNull(s.get(1).stacks());
        assertEquals("same", s.get(1).loadGeneratorHost());
    }

    @Test
    void anAbsentFileIsNoSetup(@TempDir Path dir) {
        Problems p = new Problems();
        assertEquals(List.of(), SetupJson.read(dir.resolve("setup.json"), FILE, p));
        assertEquals(0, p.size());
    }

    @Test
    void aFileThatDoesNotParseNamesTheFileAndTheLine(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("setup.json");
        Files.writeString(f, "{\"paper\": {\"model\": }");
        List<String> p = problems(f);
        assertEquals(1, p.size());
        assertTrue(p.get(0).startsWith(FILE + " line 1"), p.get(0));
    }

    @Test
    void aBadFactorNamesTheFileAndTheKey(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("setup.json");
        Files.writeString(f, "{\"paper\": {\"server_cores\": \"four\", \"load_generator_host\": \"elsewhere\", \"cores\": 4},"
                + " \"blog\": 3, \"arXiv:1\": {\"runs\": 0}}");
        String all = String.join("\n", problems(f));
        assertTrue(all.contains(FILE) && all.contains("server_cores") && all.contains("'four'"), all);
        assertTrue(all.contains("load_generator_host") && all.contains("elsewhere"), all);
        assertEquals(List.of(
                FILE + " $.blog: expected an object, found 3",
                FILE + " $.paper.cores: expected one of the keys model, arch, server_cores, load_generator_host, page_size,"
                        + " seed_rows_delete, runs, stacks, found the unknown key 'cores'",
                FILE + " $.paper.load_generator_host: expected one of same, separate, found 'elsewhere'",
                FILE + " $.paper.server_cores: expected an integer >= 1, found 'four'",
                FILE + " $['arXiv:1'].runs: expected an integer >= 1, found 0"), problems(f).stream().sorted().toList());
    }

    @Test
    void aCategoryOutsideTheListNamesPublishedCsvAndTheLine(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("published.csv");
        Files.writeString(f, "source,table,stack,metric,value,unit,note,category\n"
                + "s,T,go,w_rps,1,req/s,,throughput\n"
                + "s,T,go,w_peak_mib,2,MB,,ram\n"
                + "s,T,go,startup_ms,3,ms,,\n");
        Problems p = new Problems();
        List<PublishedValue> rows = PublishedCsv.read(f, "reference/published.csv", p, w -> {});
        assertEquals(1, p.size());
        String msg = p.all().get(0).toString();
        assertTrue(msg.contains("reference/published.csv") && msg.contains("line 3") && msg.contains("category")
                && msg.contains("'ram'"), msg);
        assertEquals(List.of("throughput", ""), rows.stream().map(PublishedValue::category).toList());
    }
}
