package dev.tpm.collect.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The choice of hierarchy and the v2 reader on fixture folders laid out as the kernel lays out a
 * cgroup2 mount (cgroup.controllers, cgroup.subtree_control, cgroup.procs, memory.peak in bytes).
 * The files are written by the test in place of the kernel (synthetic values).
 */
class CgroupsTest {
    @TempDir
    Path tmp;

    private Path v2Mount(String subtreeControl) throws IOException {
        Path mount = Files.createDirectories(tmp.resolve("sys/fs/cgroup"));
        Files.writeString(mount.resolve("cgroup.controllers"), "cpuset cpu io memory pids\n");
        Files.writeString(mount.resolve("cgroup.subtree_control"), subtreeControl);
        Files.writeString(mount.resolve("cgroup.procs"), "1\n");
        return mount;
    }

    private static String mountinfoV2(Path mount) {
        return "22 1 0:21 / /proc rw,nosuid - proc proc rw\n"
                + "30 22 0:26 / " + mount + " rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n";
    }

    @Test
    void v2WithTheMemoryControllerIsChosenOnAResettableKernel() throws IOException {
        Path mount = v2Mount("cpu memory pids\n");
        // the harness's own cgroup has no memory in its subtree_control: the root is taken
        Path own = Files.createDirectories(mount.resolve("user.slice/session-2.scope"));
        Files.writeString(own.resolve("cgroup.subtree_control"), "\n");
        Cgroups c = Cgroups.detect(mountinfoV2(mount), "0::/user.slice/session-2.scope\n", "6.12.1-rpi", tmp.resolve("work"));
        assertEquals(Cgroups.V2, c.mode());
        assertEquals(mount, c.parent());
        assertEquals(Cgroups.V2_SINCE_START,
                Cgroups.detect(mountinfoV2(mount), "0::/\n", "6.6.51+rpt-rpi-2712", tmp.resolve("work")).mode());
        // memory.peak appeared in 5.19: an older v2 kernel gives no peak, hence no v2
        assertEquals(Cgroups.NONE, Cgroups.detect(mountinfoV2(mount), "0::/\n", "5.15.0-91-generic", tmp.resolve("work")).mode());
    }

    @Test
    void theHarnessOwnCgroupComesFirstWhenItDelegatesMemory() throws IOException {
        Path mount = v2Mount("memory\n");
        Path own = Files.createDirectories(mount.resolve("tpm.slice"));
        Files.writeString(own.resolve("cgroup.subtree_control"), "cpu memory\n");
        Cgroups c = Cgroups.detect(mountinfoV2(mount), "0::/tpm.slice\n", "6.18.0", tmp.resolve("work"));
        assertEquals(own, c.parent());
    }

    @Test
    void aV2HierarchyWithoutTheMemoryControllerFallsBackToV1ThenToNone() throws IOException {
        Path mount = v2Mount("cpu pids\n");
        assertEquals(Cgroups.NONE, Cgroups.detect(mountinfoV2(mount), "0::/\n", "6.18.0", tmp.resolve("work")).mode());
        // a hybrid host, as this project's VM: v2 without memory, v1 memory mounted beside it
        Path v1 = Files.createDirectories(tmp.resolve("v1/memory"));
        Files.writeString(v1.resolve("memory.max_usage_in_bytes"), "0\n");
        Path own = Files.createDirectories(v1.resolve("process_api/abc"));
        Files.writeString(own.resolve("memory.max_usage_in_bytes"), "0\n");
        String info = mountinfoV2(mount) + "35 30 0:30 / " + v1 + " rw,relatime - cgroup cgroup rw,memory\n";
        Cgroups c = Cgroups.detect(info, "4:memory:/process_api/abc\n0::/\n", "6.18.44", tmp.resolve("work"));
        assertEquals(Cgroups.V1, c.mode());
        assertEquals(own, c.parent());
    }

    @Test
    void mountinfoAndProcSelfCgroupAreReadAsTheKernelWritesThem() {
        Cgroups.Mounts m = Cgroups.Mounts.parse("30 22 0:26 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n"
                + "31 22 0:27 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n"
                + "32 22 0:28 /lxc/c1 /sys/fs/cgroup/mem\\040ory rw - cgroup cgroup rw,memory\n");
        assertEquals(Path.of("/sys/fs/cgroup/unified"), m.v2Mount());
        assertEquals(Path.of("/sys/fs/cgroup/mem ory"), m.v1MemoryMount());
        assertEquals("/lxc/c1", m.v1MemoryRoot());
        String self = "9:name=systemd:/\n4:memory,kmem:/process_api/d55\n0::/init.scope\n";
        assertEquals("/process_api/d55", Cgroups.ownPath(self, "memory"));
        assertEquals("/init.scope", Cgroups.ownPath(self, null));
        assertNull(Cgroups.ownPath("1:cpu:/\n", "memory"));
    }

    @Test
    void theV2ReaderTakesMemoryPeakThroughTheDescriptorThatResetIt() throws IOException {
        Path mount = v2Mount("memory\n");
        Cgroups c = Cgroups.detect(mountinfoV2(mount), "0::/\n", "6.12.0", tmp.resolve("work"));
        RunCgroup g = c.create(Cgroups.name("c1", "7"));
        Path dir = mount.resolve("tpm-c1-7");
        assertEquals(dir, g.dir());
        // what the kernel puts in a new cgroup folder
        Files.writeString(dir.resolve("cgroup.procs"), "");
        Files.writeString(dir.resolve("memory.peak"), "52428800\n");
        assertEquals(List.of("sh", "-c", RunCgroup.WRAPPER, "tpm-cgroup", dir.resolve("cgroup.procs").toString()), g.wrapper());
        assertThrows(IOException.class, g::peakKib); // v2 is read only through the resetting descriptor
        g.resetPeak();
        // the kernel updates the value in place; the held descriptor reads it from offset 0
        try (var out = java.nio.channels.FileChannel.open(dir.resolve("memory.peak"), java.nio.file.StandardOpenOption.WRITE,
                java.nio.file.StandardOpenOption.TRUNCATE_EXISTING)) {
            out.write(java.nio.ByteBuffer.wrap("73400321\n".getBytes(StandardCharsets.US_ASCII)));
        }
        assertEquals(71680 + 1, g.peakKib()); // 73400321 bytes = 71680 KiB + 1 byte, rounded up
        assertTrue(Files.readString(tmp.resolve("work/cgroups")).contains(dir.toString()), "recorded before use");
        deleteKernelFiles(dir);
        g.close();
        assertFalse(Files.exists(dir));
        assertFalse(Files.exists(tmp.resolve("work/cgroups")), "struck off once removed");
    }

    @Test
    void v2SinceStartReadsThePeakWithoutAReset() throws IOException {
        Path mount = v2Mount("memory\n");
        Cgroups c = Cgroups.detect(mountinfoV2(mount), "0::/\n", "6.6.0", tmp.resolve("work"));
        try (RunCgroup g = c.create("tpm-c1-3")) {
            Files.writeString(g.dir().resolve("memory.peak"), "1024\n");
            g.resetPeak();
            assertEquals(1, g.peakKib());
            Files.writeString(g.dir().resolve("memory.peak"), "max\n");
            IOException e = assertThrows(IOException.class, g::peakKib);
            assertTrue(e.getMessage().contains("memory.peak: expected a byte count, found 'max'"), e.getMessage());
            deleteKernelFiles(g.dir());
        }
    }

    @Test
    void staleCgroupsOfTheCampaignAreRemovedAndOthersLeftAlone() throws IOException {
        Path mount = v2Mount("memory\n");
        Cgroups c = Cgroups.detect(mountinfoV2(mount), "0::/\n", "6.12.0", tmp.resolve("work"));
        Files.createDirectories(mount.resolve("tpm-c1-4"));
        Files.createDirectories(mount.resolve("tpm-c2-4"));
        Files.createDirectories(mount.resolve("system.slice"));
        // one recorded by a harness that ran in another cgroup (another parent folder)
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere/tpm-c1-9"));
        Files.writeString(Files.createDirectories(tmp.resolve("work")).resolve("cgroups"), elsewhere + "\n");
        List<String> log = new ArrayList<>();
        assertEquals(2, c.removeStale("c1", log::add));
        assertFalse(Files.exists(mount.resolve("tpm-c1-4")));
        assertFalse(Files.exists(elsewhere));
        assertTrue(Files.exists(mount.resolve("tpm-c2-4")));
        assertTrue(Files.exists(mount.resolve("system.slice")));
        assertEquals(2, log.size());
        assertFalse(Files.exists(tmp.resolve("work/cgroups")));
    }

    @Test
    void kernelReleasesMapToModes() {
        assertEquals(Cgroups.V2, Cgroups.v2Mode("6.12"));
        assertEquals(Cgroups.V2, Cgroups.v2Mode("7.0.1"));
        assertEquals(Cgroups.V2_SINCE_START, Cgroups.v2Mode("6.11.9"));
        assertEquals(Cgroups.V2_SINCE_START, Cgroups.v2Mode("5.19.0"));
        assertNull(Cgroups.v2Mode("5.18.17"));
        assertNull(Cgroups.v2Mode("unknown"));
    }

    @Test
    void noneSpawnsAsIsAndHasNoPeak() throws IOException {
        try (RunCgroup g = Cgroups.none().create("tpm-x-1")) {
            assertEquals(List.of(), g.wrapper());
            g.resetPeak();
            assertEquals(-1, g.peakKib());
        }
    }

    /** The kernel's files vanish with the cgroup's rmdir; on a plain folder the test removes them. */
    private static void deleteKernelFiles(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            for (Path p : s.toList()) Files.delete(p);
        }
    }
}
