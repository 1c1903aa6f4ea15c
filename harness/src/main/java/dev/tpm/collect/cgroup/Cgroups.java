package dev.tpm.collect.cgroup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cgroup hierarchy a campaign's runs use, chosen once per campaign (data.md {@code
 * protocol.cgroup}):
 *
 * <ul>
 *   <li>{@link #V2}: cgroup v2 where the harness may create a child with the memory controller,
 *       that is a cgroup (the harness's own, else the hierarchy's root) whose {@code
 *       cgroup.subtree_control} already enables {@code memory} and in which this user can create a
 *       directory, on a kernel whose {@code memory.peak} can be reset (6.12 and later);
 *   <li>{@link #V2_SINCE_START}: the same on a kernel from 5.19 (memory.peak appears) to 6.11,
 *       where memory.peak cannot be reset: the peak is then the one since the server started;
 *   <li>{@link #V1}: else the v1 memory controller (its mount, the harness's own memory cgroup
 *       first, else the controller's root), {@code memory.max_usage_in_bytes} reset by writing 0;
 *   <li>{@link #NONE}: else none (not root, no writable hierarchy); {@code peak_cgroup_kib} stays
 *       empty.
 * </ul>
 *
 * <p>The harness never enables a controller itself (writing {@code +memory} to a subtree_control
 * changes the host for every other process), and it nests its cgroups under its own where it can,
 * so that any limit the harness runs under also holds the server.
 *
 * <p>Each run's cgroup is named {@code tpm-<campaign>-<label>} ({@link #name}). Its path is written
 * to {@code <state dir>/cgroups} before it is created and struck off after it is removed, so that
 * a harness started later (a resumed campaign, in whatever cgroup it now runs) finds and removes
 * what a killed one left ({@link #removeStale}).
 */
public final class Cgroups {
    public static final String V2 = "v2";
    public static final String V2_SINCE_START = "v2-since-start";
    public static final String V1 = "v1";
    public static final String NONE = "none";
    /** Every name this harness gives a cgroup starts with this. */
    public static final String PREFIX = "tpm-";
    static final String STATE_FILE = "cgroups";

    private static final Pattern RELEASE = Pattern.compile("^(\\d+)\\.(\\d+)");

    private final String mode;
    private final Path parent;
    private final Path stateFile;

    private Cgroups(String mode, Path parent, Path stateFile) {
        this.mode = mode;
        this.parent = parent;
        this.stateFile = stateFile;
    }

    /** No cgroup: runs are spawned as they are and have no cgroup peak. */
    public static Cgroups none() {
        return new Cgroups(NONE, null, null);
    }

    /**
     * This host's choice, from /proc/self/mountinfo and /proc/self/cgroup and the kernel release
     * ({@code os.version}); {@code stateDir} (the campaign's work folder) keeps the paths of
     * created cgroups.
     */
    public static Cgroups detect(Path stateDir) {
        try {
            return detect(Files.readString(Path.of("/proc/self/mountinfo"), StandardCharsets.UTF_8),
                    Files.readString(Path.of("/proc/self/cgroup"), StandardCharsets.UTF_8),
                    System.getProperty("os.version", ""), stateDir);
        } catch (IOException | RuntimeException e) {
            return none();
        }
    }

    /**
     * The choice for the given /proc/self/mountinfo and /proc/self/cgroup texts and kernel
     * release; the candidate folders are probed for real (a child created and removed).
     */
    static Cgroups detect(String mountinfo, String procSelfCgroup, String kernelRelease, Path stateDir) {
        Mounts m = Mounts.parse(mountinfo);
        String v2Mode = v2Mode(kernelRelease);
        if (m.v2Mount != null && v2Mode != null) {
            for (Path dir : candidates(m.v2Mount, m.v2Root, ownPath(procSelfCgroup, null))) {
                if (enables(dir.resolve("cgroup.subtree_control"), "memory") && probe(dir)) {
                    return new Cgroups(v2Mode, dir, stateDir.resolve(STATE_FILE));
                }
            }
        }
        if (m.v1MemoryMount != null) {
            for (Path dir : candidates(m.v1MemoryMount, m.v1MemoryRoot, ownPath(procSelfCgroup, "memory"))) {
                if (Files.isRegularFile(dir.resolve("memory.max_usage_in_bytes")) && probe(dir)) {
                    return new Cgroups(V1, dir, stateDir.resolve(STATE_FILE));
                }
            }
        }
        return none();
    }

    /** {@code v2}, {@code v2-since-start} or null (no memory.peak before 5.19) for a kernel release. */
    static String v2Mode(String release) {
        Matcher mt = RELEASE.matcher(release == null ? "" : release);
        if (!mt.find()) return null;
        int v = Integer.parseInt(mt.group(1)) * 1000 + Integer.parseInt(mt.group(2));
        if (v >= 6012) return V2;
        if (v >= 5019) return V2_SINCE_START;
        return null;
    }

    /** {@code protocol.cgroup}: v2, v2-since-start, v1 or none. */
    public String mode() {
        return mode;
    }

    /** The folder the runs' cgroups are created in, or null for none. */
    public Path parent() {
        return parent;
    }

    /** {@code tpm-<campaign>-<label>}, e.g. tpm-2026-12-01-pi5-pilot-17 for seq 17. */
    public static String name(String campaign, String label) {
        return PREFIX + campaign + "-" + label;
    }

    /**
     * A new cgroup {@code name} for one run, recorded before it exists; with {@link #NONE} an
     * object that spawns as is and has no peak. Close it to remove it.
     */
    public RunCgroup create(String name) throws IOException {
        if (mode.equals(NONE)) return RunCgroup.none();
        if (name.contains("/") || name.isBlank() || name.startsWith(".")) {
            throw new IllegalArgumentException("cgroup name: expected one folder name, found '" + name + "'");
        }
        Path dir = parent.resolve(name);
        record(dir, true);
        if (Files.isDirectory(dir)) removeOne(dir); // a leftover of the same name
        try {
            Files.createDirectory(dir);
        } catch (IOException e) {
            record(dir, false);
            throw new IOException("cannot create cgroup " + dir + ": " + e, e);
        }
        return new RunCgroup(mode, dir, () -> record(dir, false));
    }

    /**
     * Removes the cgroups whose name starts with {@code tpm-<campaign>-} that an interrupted
     * harness left: those in the state file and those found in the parent folder. Processes still
     * in them (a server whose harness was killed) are killed first. Returns how many were removed;
     * one that cannot be removed is an error naming it.
     */
    public int removeStale(String campaign, Consumer<String> log) throws IOException {
        if (mode.equals(NONE)) return 0;
        String prefix = PREFIX + campaign + "-";
        Set<Path> stale = new LinkedHashSet<>();
        if (Files.exists(stateFile)) {
            for (String line : Files.readAllLines(stateFile, StandardCharsets.UTF_8)) {
                if (line.isBlank()) continue;
                Path p = Path.of(line.strip());
                if (p.getFileName() != null && p.getFileName().toString().startsWith(prefix)) stale.add(p);
            }
        }
        try (var s = Files.list(parent)) {
            s.filter(p -> p.getFileName().toString().startsWith(prefix) && Files.isDirectory(p)).sorted().forEach(stale::add);
        }
        int n = 0;
        for (Path p : stale) {
            if (!Files.isDirectory(p)) {
                record(p, false);
                continue;
            }
            List<Long> pids = RunCgroup.pidsOf(p);
            log.accept("removing cgroup " + p + " left by an interrupted campaign"
                    + (pids.isEmpty() ? "" : " (killing its processes " + pids + ")"));
            removeOne(p);
            record(p, false);
            n++;
        }
        return n;
    }

    private static void removeOne(Path dir) throws IOException {
        RunCgroup.killAndRemove(dir);
    }

    /** Adds ({@code add}) or strikes off one path in the state file, rewritten whole. */
    private synchronized void record(Path dir, boolean add) {
        try {
            List<String> lines = new ArrayList<>();
            if (Files.exists(stateFile)) {
                for (String l : Files.readAllLines(stateFile, StandardCharsets.UTF_8)) {
                    if (!l.isBlank() && !l.strip().equals(dir.toString())) lines.add(l.strip());
                }
            }
            if (add) lines.add(dir.toString());
            if (lines.isEmpty()) {
                Files.deleteIfExists(stateFile);
            } else {
                Files.createDirectories(stateFile.getParent());
                Path tmp = stateFile.resolveSibling("." + STATE_FILE + ".tmp");
                Files.writeString(tmp, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
                Files.move(tmp, stateFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot record cgroup " + dir + " in " + stateFile, e);
        }
    }

    /** The harness's own cgroup first (when it lies inside the mount), then the mount's root. */
    private static List<Path> candidates(Path mount, String mountRoot, String own) {
        List<Path> out = new ArrayList<>();
        if (own != null) {
            String root = mountRoot.equals("/") ? "" : mountRoot;
            if (own.equals(root) || own.startsWith(root + "/")) {
                String rel = own.substring(root.length()).replaceFirst("^/+", "");
                out.add(rel.isEmpty() ? mount : mount.resolve(rel));
            }
        }
        if (!out.contains(mount)) out.add(mount);
        return out;
    }

    /**
     * The harness's cgroup path in /proc/self/cgroup: the v2 line {@code 0::/path} when {@code
     * controller} is null, else the v1 line whose controller list names it.
     */
    static String ownPath(String procSelfCgroup, String controller) {
        for (String line : procSelfCgroup.split("\n")) {
            String[] f = line.split(":", 3);
            if (f.length < 3) continue;
            if (controller == null ? f[0].equals("0") && f[1].isEmpty() : List.of(f[1].split(",")).contains(controller)) {
                return f[2].strip();
            }
        }
        return null;
    }

    private static boolean enables(Path subtreeControl, String controller) {
        try {
            return List.of(Files.readString(subtreeControl, StandardCharsets.US_ASCII).strip().split("\\s+")).contains(controller);
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether a child can be created in {@code dir} and removed again. */
    private static boolean probe(Path dir) {
        Path child = dir.resolve(PREFIX + "probe-" + ProcessHandle.current().pid());
        try {
            Files.createDirectory(child);
        } catch (IOException | SecurityException e) {
            return false;
        }
        try {
            Files.delete(child);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The cgroup mounts of /proc/self/mountinfo: cgroup2, and cgroup (v1) with the memory controller. */
    record Mounts(Path v2Mount, String v2Root, Path v1MemoryMount, String v1MemoryRoot) {
        static Mounts parse(String mountinfo) {
            Path v2 = null;
            String v2Root = null;
            Path v1 = null;
            String v1Root = null;
            for (String line : mountinfo.split("\n")) {
                int dash = line.indexOf(" - ");
                if (dash < 0) continue;
                String[] pre = line.substring(0, dash).split(" ");
                String[] post = line.substring(dash + 3).split(" ");
                if (pre.length < 5 || post.length < 3) continue;
                String root = unescape(pre[3]);
                Path mountPoint = Path.of(unescape(pre[4]));
                if (post[0].equals("cgroup2") && v2 == null) {
                    v2 = mountPoint;
                    v2Root = root;
                } else if (post[0].equals("cgroup") && v1 == null && List.of(post[2].split(",")).contains("memory")) {
                    v1 = mountPoint;
                    v1Root = root;
                }
            }
            return new Mounts(v2, v2Root, v1, v1Root);
        }

        /** mountinfo escapes space, tab, newline and backslash as octal (\040). */
        private static String unescape(String s) {
            Matcher m = Pattern.compile("\\\\([0-7]{3})").matcher(s);
            StringBuilder out = new StringBuilder();
            while (m.find()) m.appendReplacement(out, Matcher.quoteReplacement(Character.toString((char) Integer.parseInt(m.group(1), 8))));
            m.appendTail(out);
            return out.toString();
        }
    }
}
