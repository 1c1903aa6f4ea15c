package dev.tpm.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The jvm-threads line of --timings: thread names and CPU ticks read from /proc's stat lines. */
class StageTimingsTest {
    /** A /proc/<pid>/task/<tid>/stat line of Linux with the given name, utime and stime (clock ticks). */
    static String stat(int tid, String name, long utime, long stime) {
        return tid + " (" + name + ") S 1 1 1 0 -1 1077936192 100 0 0 0 " + utime + " " + stime
                + " 0 0 20 0 25 0 2345 123456 789 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n";
    }

    @Test
    void statLinesGiveNameAndTicksEvenWithParenthesesAndSpacesInTheName() {
        StageTimings.ThreadCpu t = StageTimings.ThreadCpu.parse(stat(7, "C2 CompilerThre", 250, 16));
        assertEquals("C2 CompilerThre", t.name());
        assertEquals(266, t.ticks());
        assertTrue(t.isJit());
        assertFalse(t.isCollector());
        StageTimings.ThreadCpu odd = StageTimings.ThreadCpu.parse(stat(8, "a (b) c", 3, 4));
        assertEquals("a (b) c", odd.name());
        assertEquals(7, odd.ticks());
        assertFalse(odd.isJit() || odd.isCollector());
        assertTrue(StageTimings.ThreadCpu.parse(stat(9, "VM Thread", 1, 1)).isCollector());
        assertNull(StageTimings.ThreadCpu.parse("not a stat line"));
        assertNull(StageTimings.ThreadCpu.parse("9 (x) S 1 2"));
    }

    @Test
    void compilerAndCollectorThreadsAreSummedApart(@TempDir Path proc) throws IOException {
        String[][] threads = {
            {"1", "java", "500", "20"},
            {"2", "C1 CompilerThre", "100", "2"},
            {"3", "C2 CompilerThre", "240", "8"},
            {"4", "GC Thread#0", "30", "1"},
            {"5", "GC Thread#1", "20", "0"},
            {"6", "G1 Conc#0", "5", "0"},
            {"7", "VM Thread", "9", "1"},
            {"8", "figures", "300", "3"},
        };
        for (String[] t : threads) {
            Path dir = Files.createDirectories(proc.resolve(t[0]));
            Files.writeString(dir.resolve("stat"), stat(Integer.parseInt(t[0]), t[1], Long.parseLong(t[2]), Long.parseLong(t[3])));
        }
        Files.createDirectories(proc.resolve("9")); // a thread that ended: no stat any more
        // ticks of 10 ms: jit 102 + 248, gc 31 + 20 + 5 + 10
        assertEquals("timing jvm-threads jit_cpu_ms=3500.0 gc_cpu_ms=660.0", StageTimings.jvmThreadsLine(proc));
        assertNull(StageTimings.jvmThreadsLine(proc.resolve("absent")));
    }

    @Test
    void thisJvmsOwnLineOnLinux() {
        String line = StageTimings.jvmThreadsLine(Path.of("/proc/self/task"));
        if (line == null) return; // not Linux
        assertTrue(line.matches("timing jvm-threads jit_cpu_ms=[0-9]+\\.[0-9] gc_cpu_ms=[0-9]+\\.[0-9]"), line);
    }
}
