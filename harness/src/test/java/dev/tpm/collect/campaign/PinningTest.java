package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.FixtureItemsServer;
import dev.tpm.collect.loadgen.WrkCommand;
import dev.tpm.testing.ExternalTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PinningTest {
    @TempDir
    Path tmp;

    @Test
    void explicitListsWinAndTheHarnessTakesTheOtherCpus() {
        Pinning p = Pinning.of(false, "2-3", "0", 4);
        assertEquals(List.of("taskset", "-c", "2-3"), p.server());
        assertEquals(List.of("taskset", "-c", "0"), p.loadGenerator());
        assertEquals("0,1", p.harnessCpus(), "the harness and its sampler stay off the server's CPUs");
        assertEquals("0-1", Pinning.of(true, null, null, 4).loadGeneratorCpus());
        assertEquals("2-3", Pinning.of(true, null, null, 4).serverCpus());
        assertNull(Pinning.of(false, "0-3", null, 4).harnessCpus(), "the server has every CPU: nothing left");
        assertEquals(Pinning.NONE, Pinning.of(false, null, null, 8));
        assertEquals(2, p.serverCores(4));
        assertEquals(1, Pinning.of(true, null, null, 2).serverCores(2), "--pin on 2 cores leaves the server one");
        assertEquals(3, Pinning.of(false, "1-3", null, 4).serverCores(4));
        assertEquals(8, Pinning.NONE.serverCores(8), "unpinned, the server may use every core");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pinning.of(false, "1-9", null, 4));
        assertEquals("--server-cpus: expected a CPU list such as 1-3 or 0,2 with CPUs 0..3, found '1-9'", e.getMessage());
    }

    private static String allowed(long pid) throws Exception {
        return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow().substring(18).trim();
    }

    @Test
    void aRunningProcessIsMovedToTheHarnessCpus() throws Exception {
        ExternalTool.require("taskset");
        ExternalTool.requireThat(Runtime.getRuntime().availableProcessors() >= 2, "needs 2 CPUs");
        Process sleep = new ProcessBuilder("sleep", "30").start();
        try {
            Pinning.pin(sleep.pid(), "1");
            assertEquals("1", allowed(sleep.pid()));
        } finally {
            sleep.destroyForcibly();
            sleep.waitFor(5, TimeUnit.SECONDS);
        }
    }

    /** wrk pinned to one CPU: the shell around it reports wrk's CPU seconds and the one CPU it had. */
    @Test
    void pinnedWrkReportsItsCpuTime() throws Exception {
        ExternalTool.require("wrk");
        ExternalTool.require("taskset");
        try (FixtureItemsServer s = new FixtureItemsServer(0, 100)) {
            WrkCommand c = new WrkCommand(List.of("taskset", "-c", "0"), "wrk", Path.of("harness", "wrk", "get_item.lua"), 1, 4,
                    1, s.port(), Map.of("rows", "100", "threads", "1", "seed", "1"));
            WrkCommand.Outcome o = c.run(tmp.resolve("out.txt"));
            assertEquals(0, o.exitCode(), o.output());
            WrkCommand.LoadgenCpu cpu = WrkCommand.loadgenCpu(o.output());
            assertEquals(1, cpu.cpus(), "nproc under taskset -c 0");
            // the in-process fixture server, not wrk, limits the rate here: wrk waits most of the second
            assertTrue(cpu.cpuS() >= 0 && cpu.cpuS() < 1.5, "one thread for about 1 s: " + cpu.cpuS());
        }
    }

    /**
     * The shell's figure is the CPU its child used: a stand-in "wrk" that burns a fixed amount of
     * CPU (a shell loop, about 0.3 s here) is reported as such whatever else the machine runs.
     */
    @Test
    void theCpuFigureIsTheChildsCpuTime() throws Exception {
        Path busy = Files.writeString(tmp.resolve("busy-wrk"),
                "#!/bin/sh\ni=0; while [ $i -lt 400000 ]; do i=$((i+1)); done\n");
        busy.toFile().setExecutable(true);
        WrkCommand c = new WrkCommand(List.of(), busy.toString(), Path.of("x.lua"), 1, 1, 1, 1, Map.of());
        long t0 = System.nanoTime();
        WrkCommand.Outcome o = c.run(tmp.resolve("busy.txt"));
        double wallS = (System.nanoTime() - t0) / 1e9;
        WrkCommand.LoadgenCpu cpu = WrkCommand.loadgenCpu(o.output());
        assertTrue(cpu.cpuS() >= 0.05, "a busy child's CPU is counted: " + cpu.cpuS());
        assertTrue(cpu.cpuS() <= wallS + 0.02, "never more than the wall time of one thread: " + cpu.cpuS() + " > " + wallS);
        assertEquals(Runtime.getRuntime().availableProcessors(), cpu.cpus(), "unpinned: every CPU");
        assertEquals(cpu.cpuS() / wallS, cpu.share(wallS, 1), 1e-12);
    }
}
