package dev.tpm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.testing.Cli;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
    @Test
    void everySubcommandHasTruthfulHelp() {
        Cli.Result top = Cli.run("--help");
        assertEquals(0, top.exit());
        for (String sub : List.of("paper", "ingest", "verify", "manifest")) {
            assertTrue(top.out().contains(sub), sub);
            Cli.Result r = Cli.run(sub, "--help");
            assertEquals(0, r.exit(), sub);
            assertTrue(r.out().contains("--data=DIR"), sub + ": " + r.out());
            assertTrue(r.out().contains("Exit codes:"), sub);
        }
        assertTrue(Cli.run("paper", "--help").out().contains("--out=DIR"));
        assertTrue(Cli.run("verify", "--help").out().contains("--outputs=OUT"));
    }

    @Test
    void usageErrorsExitWith2() {
        assertEquals(2, Cli.run().exit());
        assertEquals(2, Cli.run("frobnicate").exit());
        assertEquals(2, Cli.run("paper", "--no-such-option").exit());
        assertEquals(2, Cli.run("paper", "--threads", "0").exit());
        assertEquals(2, Cli.run("paper", "--threads", "many").exit());
    }

    @Test
    void aMissingDataFolderIsBadInput(@TempDir Path tmp) {
        Cli.Result r = Cli.run("paper", "--data", tmp.resolve("nope").toString(), "--out", tmp.toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("expected a data folder"), r::toString);
    }

    @Test
    void manifestWritesSha256sumsThatVerifyAccepts(@TempDir Path tmp) throws Exception {
        Path data = dev.tpm.testing.Fixtures.copy("minimal", tmp.resolve("data"));
        java.nio.file.Files.writeString(data.resolve("raw/c1/notes.txt"), "added by a maintainer\n");
        assertEquals(1, Cli.run("verify", "--data", data.toString()).exit());
        Cli.Result r = Cli.run("manifest", "--data", data.toString());
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.out().contains(": 8 files"), r::toString);
        assertEquals(0, Cli.run("verify", "--data", data.toString()).exit());
    }
}
