package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.Device;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeviceFactsTest {
    private static void write(Path root, String rel, String text) throws IOException {
        Path f = root.resolve(rel);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    /** A file tree laid out like a Raspberry Pi 5's (hand-written in the formats the kernel prints). */
    @Test
    void readsAPiLikeMachine(@TempDir Path root) throws IOException {
        write(root, "proc/device-tree/model", "Raspberry Pi 5 Model B Rev 1.0\0");
        StringBuilder cpuinfo = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            cpuinfo.append("processor\t: ").append(i).append("\nBogoMIPS\t: 108.00\nCPU implementer\t: 0x41\nCPU part\t: 0xd0b\n\n");
        }
        cpuinfo.append("Revision\t: d04170\nModel\t\t: Raspberry Pi 5 Model B Rev 1.0\n");
        write(root, "proc/cpuinfo", cpuinfo.toString());
        write(root, "proc/meminfo", "MemTotal:        8258720 kB\nMemFree:         7000000 kB\n");
        write(root, "etc/os-release", "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\n");
        write(root, "sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
        Device d = new DeviceFacts(root, argv -> switch (String.join(" ", argv)) {
            case "uname -m" -> "aarch64\n";
            case "uname -r" -> "6.6.51+rpt-rpi-2712\n";
            case "getconf PAGE_SIZE" -> "16384\n";
            case "lscpu" -> "Architecture:             aarch64\nModel name:               Cortex-A76\n";
            case "vcgencmd version" -> "2024/09/23 14:02:56 \nCopyright (c) 2012 Broadcom\nversion 1\n";
            case "vcgencmd bootloader_version" -> "2024/09/23 14:02:56\nversion 86a7\n";
            default -> throw new IOException("not found");
        }).read("pi5-a", "pi5-8gb", "pmic", List.of());
        assertEquals("pi5-a", d.id());
        assertEquals("Raspberry Pi 5 Model B Rev 1.0", d.model());
        assertEquals("Cortex-A76 x4", d.cpu());
        assertEquals(4, d.cores());
        assertEquals(8065L, d.memoryMib());
        assertEquals("aarch64", d.arch());
        assertEquals("Debian GNU/Linux 12 (bookworm)", d.os());
        assertEquals("6.6.51+rpt-rpi-2712", d.kernel());
        assertEquals("2024/09/23 14:02:56", d.firmware());
        assertEquals("performance", d.cpuGovernor());
        assertEquals(16384, d.pageSize());
        assertEquals("pi5-8gb", d.modelId());
        assertEquals("pmic", d.powerSource());
    }

    /** A KVM guest without DMI (cpuinfo as an x86 kernel prints it): the model says virtual machine. */
    @Test
    void namesAVirtualMachineThatHasNoDmi(@TempDir Path root) throws IOException {
        write(root, "proc/cpuinfo", "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel\t\t: 1\n"
                + "model name\t: AMD EPYC\nflags\t\t: fpu vme de pse tsc msr hypervisor lahf_lm\n\n"
                + "processor\t: 1\nmodel name\t: AMD EPYC\n");
        Device d = new DeviceFacts(root, argv -> switch (String.join(" ", argv)) {
            case "uname -m" -> "x86_64\n";
            case "lscpu" -> "Architecture:             x86_64\nModel name:               AMD EPYC\n"
                    + "Hypervisor vendor:        KVM\nVirtualization type:      full\n";
            default -> throw new IOException("not found");
        }).read("vm", null, "none", List.of());
        assertEquals("x86_64 virtual machine (KVM)", d.model());
        assertEquals("AMD EPYC x2", d.cpu());
    }

    @Test
    void thisMachine() {
        Device d = DeviceFacts.system().read("here", null, "none", List.of());
        assertEquals(Runtime.getRuntime().availableProcessors(), d.cores(),
                "every processor of /proc/cpuinfo is available to this JVM here");
        assertTrue(d.pageSize() >= 4096);
        assertTrue(d.kernel() != null && d.arch() != null && d.os() != null && d.memoryMib() != null && d.cpu() != null);
        assertNull(d.firmware(), "no vcgencmd here");
        assertFalse(String.valueOf(d.model()).matches("\\d+"), "x86's numeric cpuinfo 'model' is not the machine's");
    }

    @Test
    void theModelIdIsWrittenOnlyWhenGiven() {
        assertNull(DeviceFacts.system().read("here", null, "none", List.of()).modelId());
        Device d = DeviceFacts.system().read("here", "pi5-8gb", "none", List.of());
        assertEquals("pi5-8gb", d.modelId());
        assertEquals("here", d.id());
    }
}
