package dev.tpm.collect.campaign;

import dev.tpm.collect.sample.Commands;
import dev.tpm.model.Device;
import dev.tpm.model.Machine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * campaign.json's {@code device} object, read from the machine: the model from the device tree
 * (Raspberry Pi) or DMI, the CPU from lscpu or /proc/cpuinfo, memory, OS, kernel, page size, CPU
 * governor, and the Pi's firmware and bootloader where vcgencmd answers. A fact that cannot be
 * read is left out rather than guessed.
 */
public final class DeviceFacts {
    private final Path root;
    private final Commands commands;

    /** @param root "/" on a real machine; a folder laid out like it in tests */
    public DeviceFacts(Path root, Commands commands) {
        this.root = root;
        this.commands = commands;
    }

    public static DeviceFacts system() {
        return new DeviceFacts(Path.of("/"), Commands.system(5_000));
    }

    /**
     * @param modelId campaign.json's {@code device.model_id} (data.md version 4), or null
     * @param powerProblems why a power source present on the machine could not be used (none: empty)
     */
    public Device read(String id, String modelId, String powerSource, List<String> powerProblems) {
        int cores = cores();
        String cpu = cpuName();
        String page = firstLine(command("getconf", "PAGE_SIZE"));
        return new Device(id, model(), cpu == null ? null : cpu + " x" + cores, cores, memoryMib(),
                firstLine(command("uname", "-m")), osName(), firstLine(command("uname", "-r")),
                firstLine(command("vcgencmd", "version")), firstLine(command("vcgencmd", "bootloader_version")), null,
                firstLine(file("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")),
                page != null && page.matches("\\d+") ? Integer.parseInt(page) : null, powerSource, modelId,
                powerProblems.isEmpty() ? null : powerProblems, Map.of());
    }

    /**
     * campaign.json's {@code machine} (data.md version 3): what tells this machine from another of
     * the same model - /etc/machine-id, the board's or instance's own {@link HardwareId} (version
     * 4), the kernel as {@code uname -rv} prints it (release and build), the CPU model and the
     * memory - so that a campaign resumes only where it started.
     */
    public Machine machine() {
        String release = firstLine(file("proc/sys/kernel/osrelease"));
        String build = firstLine(file("proc/sys/kernel/version"));
        return new Machine(firstLine(file("etc/machine-id")),
                release == null ? null : build == null ? release : release + " " + build, cpuName(), memoryKib(),
                new HardwareId(root).detect().map(HardwareId.Id::text).orElse(null), cpuId(), Map.of());
    }

    /**
     * {@code machine.cpu_id} (data.md version 5): the CPU's identity from /proc/cpuinfo, its first
     * processor's fields as written there; null when a field is missing. Microcode and flags stay
     * out: they change with updates, the processor does not.
     */
    String cpuId() {
        String[] x86 = {"vendor_id", "cpu family", "model", "stepping"};
        String[] arm = {"CPU implementer", "CPU part", "CPU variant", "CPU revision"};
        String prefix = cpuinfo(x86[0], true) != null ? "x86" : cpuinfo(arm[0], true) != null ? "arm" : null;
        if (prefix == null) return null;
        StringBuilder id = new StringBuilder(prefix);
        for (String key : prefix.equals("x86") ? x86 : arm) {
            String v = cpuinfo(key, true);
            if (v == null || v.contains(":") || v.chars().anyMatch(Character::isWhitespace)) return null;
            id.append(':').append(v);
        }
        return id.toString();
    }

    String model() {
        String dt = firstLine(file("proc/device-tree/model"));
        if (dt != null) return dt;
        String product = firstLine(file("sys/class/dmi/id/product_name"));
        String vendor = firstLine(file("sys/class/dmi/id/sys_vendor"));
        if (product != null) return vendor == null || product.startsWith(vendor) ? product : vendor + " " + product;
        // ARM boards name themselves in /proc/cpuinfo ("Model : Raspberry Pi 5 ..."); x86's
        // lower-case "model" is a number and says nothing about the machine
        String hw = cpuinfo("Model", true);
        if (hw == null) hw = cpuinfo("Hardware", true);
        if (hw != null) return hw;
        // a virtual machine without DMI: say so rather than leave the model out
        String flags = cpuinfo("flags", false);
        if (flags != null && (" " + flags + " ").contains(" hypervisor ")) {
            String arch = firstLine(command("uname", "-m"));
            String hypervisor = null;
            String lscpu = command("lscpu");
            if (lscpu != null) {
                for (String line : lscpu.split("\n")) {
                    if (line.startsWith("Hypervisor vendor:")) hypervisor = line.substring("Hypervisor vendor:".length()).trim();
                }
            }
            return (arch == null ? "" : arch + " ") + "virtual machine" + (hypervisor == null ? "" : " (" + hypervisor + ")");
        }
        return null;
    }

    String cpuName() {
        String lscpu = command("lscpu");
        if (lscpu != null) {
            for (String line : lscpu.split("\n")) {
                if (line.startsWith("Model name:")) return line.substring("Model name:".length()).trim();
            }
        }
        String name = cpuinfo("model name", false);
        if (name != null) return name;
        String part = cpuinfo("CPU part", false);
        return part == null ? null : "CPU part " + part;
    }

    int cores() {
        String info = file("proc/cpuinfo");
        if (info != null) {
            int n = 0;
            for (String line : info.split("\n")) if (line.matches("processor\\s*:.*")) n++;
            if (n > 0) return n;
        }
        return Runtime.getRuntime().availableProcessors();
    }

    Long memoryMib() {
        Long kib = memoryKib();
        return kib == null ? null : kib / 1024;
    }

    private Long memoryKib() {
        String info = file("proc/meminfo");
        if (info == null) return null;
        for (String line : info.split("\n")) {
            if (line.startsWith("MemTotal:")) {
                String kb = line.substring(9).trim().replace("kB", "").trim();
                return kb.matches("\\d+") ? Long.parseLong(kb) : null;
            }
        }
        return null;
    }

    String osName() {
        String rel = file("etc/os-release");
        if (rel == null) return null;
        for (String line : rel.split("\n")) {
            if (line.startsWith("PRETTY_NAME=")) return line.substring(12).replace("\"", "").trim();
        }
        return null;
    }

    private String cpuinfo(String key, boolean exactCase) {
        String info = file("proc/cpuinfo");
        if (info == null) return null;
        for (String line : info.split("\n")) {
            int colon = line.indexOf(':');
            String k = line.substring(0, Math.max(colon, 0)).trim();
            if (colon > 0 && (exactCase ? k.equals(key) : k.equalsIgnoreCase(key))) {
                String v = line.substring(colon + 1).trim();
                if (!v.isEmpty()) return v;
            }
        }
        return null;
    }

    private String file(String relative) {
        try {
            // the device tree's strings end in NUL
            return Files.readString(root.resolve(relative), StandardCharsets.UTF_8).replace("\0", "");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private String command(String... argv) {
        try {
            return commands.run(List.of(argv));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String firstLine(String s) {
        if (s == null) return null;
        String t = s.strip();
        int nl = t.indexOf('\n');
        t = (nl < 0 ? t : t.substring(0, nl)).strip();
        return t.isEmpty() ? null : t;
    }

    /** A device id from the host name: lower case, [a-z0-9-] only. */
    public static String defaultId() {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = System.getenv().getOrDefault("HOSTNAME", "device");
        }
        String id = host.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]+", "-").replaceAll("^-+|-+$", "");
        return id.isEmpty() ? "device" : id;
    }
}
