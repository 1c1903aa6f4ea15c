package dev.tpm.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.testing.Cli;
import dev.tpm.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `tpm paper --timings`: one line per step on stderr, and the same files as without it. */
class PaperTimingsTest {
    @TempDir
    Path tmp;

    @Test
    void printsEveryStepOnceAndWritesTheSameBytes() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        Cli.Result plain = Cli.run("paper", "--data", data.toString(), "--out", tmp.resolve("a").toString());
        Cli.Result timed = Cli.run("paper", "--timings", "--data", data.toString(), "--out", tmp.resolve("b").toString());
        assertEquals(0, plain.exit(), plain::toString);
        assertEquals(0, timed.exit(), timed::toString);
        assertFalse(plain.err().contains("timing ") || plain.out().contains("timing "), plain::toString);

        List<String> timing = timed.err().lines().filter(l -> l.startsWith("timing ")).toList();
        List<String> stepLines = timing.stream().filter(l -> !l.startsWith("timing jvm-threads ")).toList();
        List<String> steps = stepLines.stream().map(l -> l.split("\\s+")[1]).toList();
        assertEquals(List.of("jvm", "ingest", "verify", "inventory", "stats", "tables", "figures", "report", "write",
                "total"), steps, timed::toString);
        for (String l : stepLines) {
            assertTrue(l.matches("timing \\S+ +wall_ms=\\d+\\.\\d cpu_ms=\\d+\\.\\d peak_rss_kib=-?\\d+"), l);
        }
        // after the total, on Linux, the JIT compiler and collector threads' share of the CPU
        if (Files.isDirectory(Path.of("/proc/self/task"))) {
            assertEquals(stepLines.size() + 1, timing.size(), timed::toString);
            assertTrue(timing.get(timing.size() - 1).matches("timing jvm-threads jit_cpu_ms=\\d+\\.\\d gc_cpu_ms=\\d+\\.\\d"),
                    timed::toString);
        } else {
            assertEquals(stepLines.size(), timing.size(), timed::toString);
        }

        List<Path> a = files(tmp.resolve("a"));
        assertEquals(a.stream().map(p -> tmp.resolve("a").relativize(p)).toList(),
                files(tmp.resolve("b")).stream().map(p -> tmp.resolve("b").relativize(p)).toList());
        for (Path p : a) {
            Path q = tmp.resolve("b").resolve(tmp.resolve("a").relativize(p));
            assertArrayEquals(Files.readAllBytes(p), Files.readAllBytes(q), p.toString());
            assertFalse(new String(Files.readAllBytes(q), java.nio.charset.StandardCharsets.ISO_8859_1).contains("wall_ms"), q.toString());
        }
    }

    private static List<Path> files(Path root) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }
}
