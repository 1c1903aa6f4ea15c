package dev.tpm.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.tpm.codec.FileHashes;
import dev.tpm.codec.Problems;
import dev.tpm.ingest.Dataset;
import dev.tpm.ingest.Ingest;
import dev.tpm.model.InventoryEntry;
import dev.tpm.results.Verification;
import dev.tpm.testing.Fixtures;
import dev.tpm.verify.Verifier;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One pipeline run reads and hashes each input file once: the inventory and the manifest check share it. */
class HashOnceTest {
    @Test
    void inventoryAndVerificationShareTheHashes(@TempDir Path tmp) throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        FileHashes hashes = new FileHashes();
        Problems problems = new Problems();
        Dataset d = Ingest.read(data, w -> { }, problems, hashes);
        assertNotNull(d, problems.all().toString());
        List<InventoryEntry> inventory = d.inventory();
        assertEquals(inventory.size(), hashes.computed(), "the inventory hashed each listed file once");
        Verification v = Verifier.check(data, problems, hashes);
        assertEquals(List.of(), problems.all());
        assertEquals(inventory.size(), v.filesChecked());
        assertEquals(inventory.size(), hashes.computed(), "the manifest check hashed nothing again");
    }
}
