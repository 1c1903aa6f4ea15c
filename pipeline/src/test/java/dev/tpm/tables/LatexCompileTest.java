package dev.tpm.tables;

import dev.tpm.paper.PaperCatalog;
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
        ExternalTool.require("pdftotext");
        Outputs several = new Outputs();
        TablesStage.write(PaperCatalog.CATALOG.deviceTables(), PaperCatalog.CATALOG.tablesAcrossDevices(), ResultsFixture.twoDevices(true), several);
        Outputs one = new Outputs();
        TablesStage.write(PaperCatalog.CATALOG.deviceTables(), PaperCatalog.CATALOG.tablesAcrossDevices(), ResultsFixture.full(), one);
        Map<String, byte[]> files = new TreeMap<>();
        several.files().forEach((path, bytes) -> files.put("several/" + path, bytes));
        one.files().forEach((path, bytes) -> files.put("one/" + path, bytes));
        // the replication table of the shipped published.csv (its notes carry commas, dots, parentheses)
        Outputs shipped = new Outputs();
        TablesStage.write(PaperCatalog.CATALOG.deviceTables(), PaperCatalog.CATALOG.tablesAcrossDevices(), ResultsFixture.full(AnalysisConfig.defaults(), PublishedCsvTest.values()), shipped);
        files.put("shipped/tables/replication.tex", shipped.get("tables/replication.tex"));
        int compiled = 0;
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            if (!e.getKey().endsWith(".tex")) continue;
            Path tex = dir.resolve(e.getKey());
            Files.createDirectories(tex.getParent());
            Files.write(tex, e.getValue());
            String text = compile(e.getKey(), tex);
            String caption = captionOf(e.getValue());
            assertTrue(normalise(text).contains(normalise(caption)),
                    e.getKey() + ": the compiled PDF does not show the caption \"" + caption + "\":\n" + text);
            compiled++;
        }
        // 3 shared (mixes, devices, replication) + 14 for pi5-a + 10 for x86-b (no energy, sweep, memory,
        // efficiency, drift) + 16 of the one-device run + 1
        assertEquals(44, compiled);
    }

    /** The first words of the caption as the PDF shows them: the text of the \\caption argument, unescaped. */
    static String captionOf(byte[] tex) {
        String s = new String(tex, StandardCharsets.UTF_8);
        int start = s.indexOf("\\caption{");
        assertTrue(start >= 0, "no \\caption");
        int end = s.indexOf("}\n\\label{tab:", start);
        assertTrue(end > 0, "no \\label{tab:...} after the caption");
        String caption = s.substring(start + "\\caption{".length(), end)
                .replace("\\textless{}", "<").replace("\\textgreater{}", ">").replace("\\textbar{}", "|")
                .replace("-{}", "-").replaceAll("\\\\([&%$#_{}])", "$1");
        // LaTeX prints a float's caption as "Table 1: <caption>"; its first 40 characters show that it renders
        return "Table 1: " + caption.substring(0, Math.min(caption.length(), 40)).strip();
    }

    /** Whitespace and line breaks collapsed, hyphenation at line ends undone. */
    static String normalise(String s) {
        return s.replaceAll("-\\s*\\n\\s*", "-").replaceAll("\\s+", " ");
    }

    /** Compiles the table in a plain article and returns the PDF's text (pdftotext). */
    private String compile(String name, Path tex) throws IOException, InterruptedException {
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
        Process text = new ProcessBuilder("pdftotext", "-layout", "main.pdf", "main.txt")
                .directory(work.toFile()).redirectErrorStream(true).start();
        assertTrue(text.waitFor(60, TimeUnit.SECONDS), name + ": pdftotext did not finish in 60 s");
        assertEquals(0, text.exitValue(), name + ": pdftotext failed");
        return Files.readString(work.resolve("main.txt"), StandardCharsets.UTF_8);
    }
}
