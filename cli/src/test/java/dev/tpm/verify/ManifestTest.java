package dev.tpm.verify;

import dev.tpm.codec.Sha256;
import dev.tpm.codec.Sha256Sums;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.codec.BadInputException;
import dev.tpm.codec.Problems;
import dev.tpm.results.Verification;
import dev.tpm.testing.Cli;
import dev.tpm.testing.ExternalTool;
import dev.tpm.testing.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestTest {
    @TempDir
    Path tmp;

    @Test
    void listsEveryFileUnderTheThreeRootsInPathOrderInCoreutilsFormat() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        List<String> lines = Files.readAllLines(data.resolve(Sha256Sums.FILE_NAME));
        assertEquals(List.of("config/analysis.json", "config/mixes.csv", "raw/c1/campaign.json", "raw/c1/phase1.csv",
                "raw/c1/phase2.csv", "raw/c1/phase3/rust-get_item-1.json", "reference/published.csv"),
                lines.stream().map(l -> l.substring(66)).toList());
        for (String l : lines) {
            assertTrue(l.matches("[0-9a-f]{64}  \\S.*"), l);
            assertEquals(Sha256.of(data.resolve(l.substring(66))), l.substring(0, 64));
        }
        // README.md at the top of data/ is outside the roots: neither listed nor required
        assertTrue(Files.exists(data.resolve("README.md")));
        Verification v = Verifier.verify(data);
        assertEquals(7, v.filesChecked());
        assertEquals(Sha256.of(Files.readAllBytes(data.resolve(Sha256Sums.FILE_NAME))), v.manifestSha256());
    }

    @Test
    void acceptsTheBinaryMarkerUpperCaseHexAndDotSlash() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        Path m = data.resolve(Sha256Sums.FILE_NAME);
        List<String> lines = Files.readAllLines(m);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (i == 0) l = l.replace("  ", " *");
            if (i == 1) l = l.substring(0, 64).toUpperCase(java.util.Locale.ROOT) + l.substring(64);
            if (i == 2) l = l.replace("  raw/", "  ./raw/");
            s.append(l).append('\n');
        }
        Files.writeString(m, s.toString());
        assertEquals(7, Verifier.verify(data).filesChecked());
        assertEquals(0, Cli.run("verify", "--data", data.toString()).exit());
        if (ExternalTool.onPath("sha256sum")) assertEquals(0, sha256sumCheck(data));
    }

    @Test
    void parseReportsEveryBadLineInOnePass() {
        Problems p = new Problems();
        List<Sha256Sums.Entry> e = Sha256Sums.parse("short  raw/a\n" + "0".repeat(64) + "  /abs\n"
                + "0".repeat(64) + "  raw/ok.csv\n" + "0".repeat(64) + "  raw/ok.csv\n", p);
        assertEquals(List.of(new Sha256Sums.Entry(3, "0".repeat(64), "raw/ok.csv")), e);
        assertEquals(3, p.size(), p.all().toString());
        assertEquals("line 1", p.all().get(0).where());
        assertEquals("line 2", p.all().get(1).where());
        assertEquals("line 4", p.all().get(2).where());
    }

    @Test
    void reportsAllProblemsTogether() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        Files.writeString(data.resolve("raw/c1/extra.txt"), "x\n");
        Files.writeString(data.resolve("config/mixes.csv"), "changed\n");
        Files.delete(data.resolve("reference/published.csv"));
        BadInputException e = assertThrows(BadInputException.class, () -> Verifier.verify(data));
        String all = e.problems().toString();
        assertEquals(3, e.problems().size(), all);
        assertTrue(all.contains("line 2, column hash"), all);
        assertTrue(all.contains("line 7, column path"), all);
        assertTrue(all.contains("raw/c1/extra.txt"), all);
    }

    /** `cd data && sha256sum -c SHA256SUMS` and the verifier agree. */
    @Test
    void agreesWithSha256sum() throws Exception {
        ExternalTool.require("sha256sum");
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        assertEquals(0, sha256sumCheck(data));
        assertEquals(0, Cli.run("verify", "--data", data.toString()).exit());

        Files.writeString(data.resolve("raw/c1/phase2.csv"), "tampered\n", java.nio.file.StandardOpenOption.APPEND);
        assertEquals(1, sha256sumCheck(data));
        assertEquals(1, Cli.run("verify", "--data", data.toString()).exit());

        Sha256Sums.write(data);
        Files.delete(data.resolve("raw/c1/phase2.csv"));
        assertEquals(1, sha256sumCheck(data));
        assertEquals(1, Cli.run("verify", "--data", data.toString()).exit());
    }

    /** The repository's own data/ passes both checks. */
    @Test
    void shippedDataPassesBothChecks() throws Exception {
        Path data = Path.of("data");
        assertEquals(0, Cli.run("verify", "--data", data.toString()).exit());
        ExternalTool.require("sha256sum");
        assertEquals(0, sha256sumCheck(data));
    }

    private static int sha256sumCheck(Path data) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("sha256sum", "--quiet", "-c", Sha256Sums.FILE_NAME)
                .directory(data.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "sha256sum did not finish");
        return p.exitValue();
    }
}
