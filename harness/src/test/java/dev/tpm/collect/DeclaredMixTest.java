package dev.tpm.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeclaredMixTest {
    @Test
    void firstMixOfTheFile(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("mixes.csv");
        Files.writeString(f, "mix,endpoint,weight\nillustrative,get_item,0.40\nillustrative,get_list,0.20\n"
                + "illustrative,post_item,0.15\nillustrative,put_item,0.15\nillustrative,delete_item,0.10\n"
                + "uniform,get_item,0.2\nuniform,get_list,0.2\nuniform,post_item,0.2\nuniform,put_item,0.2\n"
                + "uniform,delete_item,0.2\n");
        var mix = DeclaredMix.read(f);
        assertEquals(List.of("post_item", "get_item", "get_list", "put_item", "delete_item"), List.copyOf(mix.keySet()));
        assertEquals(0.40, mix.get("get_item"));
        Files.writeString(f, "mix,endpoint,weight\nx,get_item,0.4\nx,get_list,abc\n");
        IOException e = assertThrows(IOException.class, () -> DeclaredMix.read(f));
        assertEquals(f + " line 3, column weight: expected a decimal number with '.' as decimal point, found 'abc'",
                e.getMessage().lines().findFirst().orElseThrow(), "ingest's message, first of every problem");
        Files.writeString(f, "mix,endpoint,weight\nx,get_item,1.0\n");
        assertTrue(assertThrows(IOException.class, () -> DeclaredMix.read(f)).getMessage().contains("no row for post_item"));
    }
}
