package dev.tpm.collect.campaign;

import dev.tpm.codec.Sha256;
import dev.tpm.codec.Sha256Sums;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.testing.ExternalTool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestTest {
    @Test
    void appendsNewFilesSortedAndKeepsOtherLines(@TempDir Path data) throws Exception {
        Files.createDirectories(data.resolve("raw/c1/loadgen"));
        Files.writeString(data.resolve("raw/c1/phase1.csv"), "seq\n");
        Files.writeString(data.resolve("raw/c1/loadgen/2.txt"), "two\n");
        Files.writeString(data.resolve("raw/c1/campaign.json"), "{}\n");
        String other = "0".repeat(64) + "  config/analysis.json\n" + "f".repeat(64) + "  raw/old/phase1.csv\n";
        Files.writeString(data.resolve("SHA256SUMS"), other);
        List<String> added = Sha256Sums.addFiles(data, "raw/c1");
        assertEquals(3, added.size());
        String text = Files.readString(data.resolve("SHA256SUMS"));
        assertTrue(text.startsWith(other), "earlier lines untouched");
        List<String> tail = text.substring(other.length()).lines().toList();
        assertEquals(List.of("raw/c1/campaign.json", "raw/c1/loadgen/2.txt", "raw/c1/phase1.csv"),
                tail.stream().map(l -> l.substring(66)).toList());
        assertEquals(Sha256.of(data.resolve("raw/c1/loadgen/2.txt")) + "  raw/c1/loadgen/2.txt", tail.get(1));
        // "two\n" as coreutils sha256sum prints it
        assertEquals("27dd8ed44a83ff94d557f9fd0412ed5a8cbca69ea04922d88c01184a07300a5a",
                Sha256.of(data.resolve("raw/c1/loadgen/2.txt")));

        assertEquals(List.of(), Sha256Sums.addFiles(data, "raw/c1"), "a second call adds nothing");
        Files.writeString(data.resolve("raw/c1/phase2.csv"), "seq\n");
        assertEquals(1, Sha256Sums.addFiles(data, "raw/c1").size());

        Files.writeString(data.resolve("raw/c1/phase1.csv"), "changed\n");
        IOException e = assertThrows(IOException.class, () -> Sha256Sums.addFiles(data, "raw/c1"));
        assertTrue(e.getMessage().contains("raw/c1/phase1.csv") && e.getMessage().contains("written once"), e.getMessage());
    }

    @Test
    void coreutilsAgrees(@TempDir Path data) throws Exception {
        ExternalTool.require("sha256sum");
        Files.createDirectories(data.resolve("raw/c/phase3"));
        Files.writeString(data.resolve("raw/c/phase3/go-get_item-1.json"), "{\"samples\":[]}\n");
        Files.writeString(data.resolve("raw/c/campaign.json"), "{}\n");
        Sha256Sums.addFiles(data, "raw/c");
        Process p = new ProcessBuilder("sha256sum", "-c", "--strict", "SHA256SUMS").directory(data.toFile())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
    }
}
