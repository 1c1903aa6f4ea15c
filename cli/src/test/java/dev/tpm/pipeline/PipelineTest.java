package dev.tpm.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.output.Outputs;
import dev.tpm.testing.Cli;
import dev.tpm.testing.Fixtures;
import dev.tpm.testing.SyntheticData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PipelineTest {
    @TempDir
    Path tmp;

    @Test
    void paperTwiceGivesIdenticalBytes() throws Exception {
        Path data = tmp.resolve("data");
        SyntheticData.writeAll(data);
        Cli.Result a = Cli.run("paper", "--data", data.toString(), "--out", tmp.resolve("a").toString(), "--threads", "1");
        Cli.Result b = Cli.run("paper", "--data", data.toString(), "--out", tmp.resolve("b").toString(), "--threads", "2");
        assertEquals(0, a.exit(), a::toString);
        assertEquals(0, b.exit(), b::toString);
        Fixtures.snapshot(tmp.resolve("b")).assertSameAs(Fixtures.snapshot(tmp.resolve("a")));
        // and a third run over the first output replaces it with the same bytes
        Fixtures.Snapshot first = Fixtures.snapshot(tmp.resolve("a"));
        assertEquals(0, Cli.run("paper", "--data", data.toString(), "--out", tmp.resolve("a").toString()).exit());
        Fixtures.snapshot(tmp.resolve("a")).assertSameAs(first);
        assertTrue(Fixtures.snapshot(tmp.resolve("a")).files().containsKey("tables/inventory.csv"));
        for (String path : first.files().keySet()) {
            assertTrue(dev.tpm.paper.PaperCatalog.CATALOG.owner(path).isPresent(), path + " is in no artifact of the catalog");
        }
    }

    @Test
    void printsOneProgressLinePerStepAndOnePerSkippedArtifact() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        Stage skipping = new Stage() {
            @Override
            public String name() {
                return "energy";
            }

            @Override
            public void run(PipelineContext context, Outputs out) {
                out.skip("tables/energy.md", "no energy values in the data");
            }
        };
        StringWriter log = new StringWriter();
        new Pipeline(data, 1, new PrintWriter(log), List.of(new InventoryStage(), skipping)).run(tmp.resolve("out"));
        List<String> lines = log.toString().lines().toList();
        assertEquals(7, lines.size(), log::toString);
        assertTrue(lines.get(0).startsWith("ingest: 1 campaign (1 device), 7 phase-1 rows, 2 phase-2 rows"), lines.get(0));
        assertTrue(lines.get(1).startsWith("verify: SHA256SUMS lists 7 files"), lines.get(1));
        assertEquals("stage 1/2 inventory: 1 artifact", lines.get(2));
        assertEquals("stage 2/2 energy: 0 artifacts", lines.get(3));
        assertEquals("skipped tables/energy.md: no energy values in the data", lines.get(4));
    }

    @Test
    void aStageThatThrowsLeavesThePreviousOutputsUntouched() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        Path out = tmp.resolve("out");
        assertEquals(0, Cli.run("paper", "--data", data.toString(), "--out", out.toString()).exit());
        Fixtures.Snapshot before = Fixtures.snapshot(out);
        Stage broken = new Stage() {
            @Override
            public String name() {
                return "figures";
            }

            @Override
            public void run(PipelineContext context, Outputs o) {
                o.putText("figures/half.svg", "<svg/>");
                throw new IllegalStateException("renderer crashed");
            }
        };
        Fixtures.edit(data, "raw/c1/phase1.csv", ",21000,", ",21001,"); // new inputs, so new inventory bytes
        StageException e = assertThrows(StageException.class, () ->
                new Pipeline(data, 1, new PrintWriter(new StringWriter()), List.of(new InventoryStage(), broken)).run(out));
        assertEquals("figures", e.stage());
        Fixtures.snapshot(out).assertSameAs(before);
        assertFalse(Files.exists(out.resolve("tmp-new-tables")));
    }

    @Test
    void writerReplacesWholeFoldersAndLeavesNoTemporaryFolders() throws Exception {
        Path out = Fixtures.previousOutputs(tmp.resolve("out"));
        Outputs o = twoArtifacts();
        int[] counts = OutputWriter.write(o, out);
        assertEquals(1, counts[0]);
        assertEquals(1, counts[1]);
        assertOnlyTheNewOutputs(out);
    }

    @Test
    void writerCopiesWhereTheFileSystemCannotRenameAnOutputFolder() throws Exception {
        // an overlay file system (a container's) answers EXDEV when a folder of a lower layer is renamed
        Path out = Fixtures.previousOutputs(tmp.resolve("out"));
        Outputs o = twoArtifacts();
        List<Path> refused = new java.util.ArrayList<>();
        OutputWriter.write(o, out, (from, to) -> {
            refused.add(from);
            throw new java.nio.file.AtomicMoveNotSupportedException(from.toString(), to.toString(), "EXDEV");
        });
        assertEquals(List.of(out.resolve("tables"), out.resolve("figures")), refused);
        assertOnlyTheNewOutputs(out);
    }

    private static Outputs twoArtifacts() {
        Outputs o = new Outputs();
        o.putText("tables/inventory.csv", "path,sha256,bytes,rows\n");
        o.put("figures/dev/ratio.png", new byte[] {1, 2, 3});
        return o;
    }

    /** The output root holds exactly the two artifacts of {@link #twoArtifacts}, and nothing temporary. */
    private static void assertOnlyTheNewOutputs(Path out) throws java.io.IOException {
        assertEquals(List.of("figures/dev/ratio.png", "tables/inventory.csv"),
                List.copyOf(Fixtures.snapshot(out).files().keySet()), "stale files are gone");
        assertEquals("path,sha256,bytes,rows\n",
                Files.readString(out.resolve("tables/inventory.csv"), StandardCharsets.UTF_8));
        try (var s = Files.list(out)) {
            assertEquals(List.of("figures", "tables"), s.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void inventoryIsSortedByPathWithRowsOnlyForCsv() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        Path out = tmp.resolve("out");
        assertEquals(0, Cli.run("paper", "--data", data.toString(), "--out", out.toString()).exit());
        List<String> lines = Files.readAllLines(out.resolve(InventoryStage.FILE));
        assertEquals("path,sha256,bytes,rows", lines.get(0));
        assertEquals(8, lines.size());
        List<String> paths = lines.subList(1, 8).stream().map(l -> l.split(",")[0]).toList();
        assertEquals(paths.stream().sorted().toList(), paths);
        assertTrue(lines.contains("raw/c1/phase1.csv," + dev.tpm.codec.Sha256.of(data.resolve("raw/c1/phase1.csv"))
                + "," + Files.size(data.resolve("raw/c1/phase1.csv")) + ",7"), lines.toString());
        assertTrue(lines.get(1).startsWith("config/analysis.json,") && lines.get(1).endsWith(","), lines.get(1));
    }
}
