package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.output.Outputs;
import dev.tpm.testing.ExternalTool;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every .tex the stage writes compiles with pdflatex inside a plain article with booktabs. */
class LatexCompileTest {
    @TempDir
    Path dir;

    @Test
    void everyTexTableCompilesInAPlainArticle() throws Exception {
        ExternalTool.require("pdflatex");
        Outputs several = new Outputs();
        TablesStage.write(ResultsFixture.twoDevices(true), several);
        Outputs one = new Outputs();
        TablesStage.write(ResultsFixture.full(), one);
        Map<String, byte[]> files = new TreeMap<>();
        several.files().forEach((path, bytes) -> files.put("several/" + path, bytes));
        one.files().forEach((path, bytes) -> files.put("one/" + path, bytes));
        // the replication table of the shipped published.csv (its notes carry commas, dots, parentheses)
        Outputs shipped = new Outputs();
        TablesStage.write(ResultsFixture.full(AnalysisConfig.defaults(), PublishedCsvTest.values()), shipped);
        files.put("shipped/tables/replication.tex", shipped.get("tables/replication.tex"));
        int compiled = 0;
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            if (!e.getKey().endsWith(".tex")) continue;
            Path tex = dir.resolve(e.getKey());
            Files.createDirectories(tex.getParent());
            Files.write(tex, e.getValue());
            compile(e.getKey(), tex);
            compiled++;
        }
        // 2 shared + 11 for pi5-a + 8 for x86-b (no energy, sweep, memory) + 13 of the one-device run + 1
        assertEquals(35, compiled);
    }

    private void compile(String name, Path tex) throws IOException, InterruptedException {
        Path work = Files.createTempDirectory(dir, "doc");
        String input = tex.toAbsolutePath().toString().replace('\\', '/');
        Files.writeString(work.resolve("main.tex"), "\\documentclass{article}\n\\usepackage{booktabs}\n"
                + "\\begin{document}\n\\input{" + input + "}\n\\end{document}\n", StandardCharsets.US_ASCII);
        Process p = new ProcessBuilder("pdflatex", "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape",
                "main.tex")
                .directory(work.toFile())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("stdout.txt").toFile())
                .start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), name + ": pdflatex did not finish in 120 s");
        String log = Files.exists(work.resolve("main.log"))
                ? Files.readString(work.resolve("main.log"), StandardCharsets.ISO_8859_1)
                : Files.readString(work.resolve("stdout.txt"), StandardCharsets.ISO_8859_1);
        assertEquals(0, p.exitValue(), name + ": pdflatex failed:\n" + log);
        assertTrue(Files.size(work.resolve("main.pdf")) > 0, name + ": no PDF");
        assertFalse(log.contains("Missing character"), name + ": a glyph is missing from the font:\n" + log);
    }
}
