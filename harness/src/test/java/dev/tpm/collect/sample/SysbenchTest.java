package dev.tpm.collect.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.testing.ExternalTool;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** sysbench's command lines and results as sysbench 1.0.20 (Debian bookworm) prints them; the real one where installed. */
class SysbenchTest {
    private static final String CPU = """
            CPU speed:
                events per second:   653.55

            General statistics:
                total time:                          1.0078s
            """;
    private static final String MEMORY = """
              total size: 102400MiB
            15415.00 MiB transferred (15405.33 MiB/sec)
            """;

    @Test
    void theTestsArePinnedToTheServersCpuAndTakeWholeSeconds() {
        assertEquals(List.of("taskset", "-c", "1", "sysbench", "cpu", "--cpu-max-prime=20000", "--threads=1", "--time=5", "run"),
                Sysbench.argv("cpu", 5, 1));
        assertEquals(List.of("sysbench", "memory", "--memory-block-size=1M", "--memory-total-size=100G", "--threads=1", "--time=2",
                "run"), Sysbench.argv("memory", 1.5, null));
    }

    @Test
    void theResultsAreEventsAndMibPerSecond() throws IOException {
        assertEquals(653.55, Sysbench.result("cpu", CPU));
        assertEquals(15405.33, Sysbench.result("memory", MEMORY));
        assertThrows(IOException.class, () -> Sysbench.result("memory", CPU));
    }

    @Test
    void aMissingSysbenchNamesThePackageToInstall() throws IOException {
        IOException e = assertThrows(IOException.class, () -> Sysbench.version(argv -> {
            throw new IOException("Cannot run program \"sysbench\"");
        }));
        assertTrue(e.getMessage().endsWith("install Debian's package sysbench (sudo apt-get install -y sysbench)"), e.getMessage());
        assertEquals("1.0.20", Sysbench.version(argv -> "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n"));
    }

    @Test
    void theInstalledSysbenchRunsBothTests() throws IOException {
        ExternalTool.require("sysbench");
        Commands c = Commands.system(30_000);
        assertTrue(Sysbench.version(c).matches("[0-9]+\\.[0-9]+.*"));
        assertTrue(Sysbench.result("cpu", c.run(Sysbench.argv("cpu", 1, null))) > 0);
        assertTrue(Sysbench.result("memory", c.run(Sysbench.argv("memory", 1, null))) > 0);
    }
}
