package dev.tpm.collect.stack;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One running server of a stack, started from its {@code run} argv in the stack folder with a
 * clean environment ({@link #environment}: PATH, HOME, LANG, the stack's declared env, PORT, BIND,
 * DB_PATH and WORKERS; nothing else of the harness's environment leaks in), output to a log file.
 *
 * <p>The process tree is the root process and its live descendants ({@link ProcessHandle#descendants()},
 * that is processes whose parent chain leads to the root). A process that double-forks to detach
 * (a daemon) is re-parented to init and is not found this way; none of the reference servers
 * does that. Every process seen in the tree is remembered, so one whose parent died before
 * {@link #stop} is still signalled.
 */
public final class ServerProcess implements AutoCloseable {
    /** Grace between SIGTERM and SIGKILL when {@link #close()} stops the server. */
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(10);
    /** Interval of the GET /health poll; it bounds the error of the startup time. */
    public static final Duration HEALTH_POLL = Duration.ofMillis(2);
    /** How long processes may take to vanish after SIGKILL before stop reports them. */
    static final Duration KILL_WAIT = Duration.ofSeconds(5);
    static final String BIND = "127.0.0.1";

    /** Variables passed through from the harness's environment, when set there. */
    public static final List<String> INHERITED = List.of("PATH", "HOME", "LANG");

    private final StackSpec spec;
    private final String bind;
    private final int port;
    private final Process process;
    private final long spawnNanos;
    private final Path logFile;
    private final Set<ProcessHandle> seen = new LinkedHashSet<>();
    private boolean stopped;

    private ServerProcess(StackSpec spec, String bind, int port, Process process, long spawnNanos, Path logFile) {
        this.spec = spec;
        this.bind = bind;
        this.port = port;
        this.process = process;
        this.spawnNanos = spawnNanos;
        this.logFile = logFile;
        seen.add(process.toHandle());
    }

    /**
     * Starts the server of {@code spec} on {@code port} with database {@code dbPath}.
     *
     * @param extraEnv set last, so it may override WORKERS or the stack's own env
     * @param commandPrefix put before the run argv, e.g. {@code [taskset, -c, 1]}, or empty
     */
    public static ServerProcess start(StackSpec spec, int port, Path dbPath, Map<String, String> extraEnv,
            List<String> commandPrefix, Path logFile) throws IOException {
        return start(spec, BIND, port, dbPath, extraEnv, commandPrefix, logFile);
    }

    /**
     * The whole environment of a server: PATH, HOME and LANG from the harness's (when set; LANG
     * defaults to C.UTF-8), the stack's declared env, then PORT, BIND, DB_PATH, WORKERS, then
     * {@code extraEnv}. Ordered, for campaign.json.
     */
    public static Map<String, String> environment(StackSpec spec, String bind, int port, Path dbPath,
            Map<String, String> extraEnv) {
        Map<String, String> env = new java.util.LinkedHashMap<>();
        for (String k : INHERITED) {
            String v = System.getenv(k);
            if (v != null) env.put(k, v);
        }
        env.putIfAbsent("LANG", "C.UTF-8");
        env.putAll(new java.util.TreeMap<>(spec.env()));
        env.put("PORT", Integer.toString(port));
        env.put("BIND", bind);
        env.put("DB_PATH", dbPath.toAbsolutePath().toString());
        env.put("WORKERS", Integer.toString(spec.workers()));
        env.putAll(extraEnv);
        return env;
    }

    /** As {@link #start(StackSpec, int, Path, Map, List, Path)}, bound to {@code bind}. */
    public static ServerProcess start(StackSpec spec, String bind, int port, Path dbPath, Map<String, String> extraEnv,
            List<String> commandPrefix, Path logFile) throws IOException {
        List<String> argv = new ArrayList<>(commandPrefix);
        argv.addAll(StackBuilder.resolve(spec, spec.run()));
        if (logFile.toAbsolutePath().getParent() != null) Files.createDirectories(logFile.toAbsolutePath().getParent());
        ProcessBuilder pb = new ProcessBuilder(argv)
                .directory(spec.dir().toFile())
                .redirectErrorStream(true)
                .redirectOutput(logFile.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Map<String, String> env = pb.environment();
        env.clear();
        env.putAll(environment(spec, bind, port, dbPath, extraEnv));
        long spawn = System.nanoTime();
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new IOException("stack '" + spec.id() + "': cannot start " + argv + " in " + spec.dir() + ": "
                    + e.getMessage(), e);
        }
        return new ServerProcess(spec, bind, port, p, spawn, logFile);
    }

    public StackSpec spec() {
        return spec;
    }

    public int port() {
        return port;
    }

    public Path logFile() {
        return logFile;
    }

    /** {@link System#nanoTime()} just before the process was started. */
    public long spawnNanos() {
        return spawnNanos;
    }

    public ProcessHandle root() {
        return process.toHandle();
    }

    /** True while the root process runs. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Polls GET /health every {@link #HEALTH_POLL} until it answers 200 and returns the nanoseconds
     * from spawn to that answer. An error says if the server exited first or the time ran out.
     */
    public long awaitHealthy(Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (true) {
            long tick = System.nanoTime();
            if (!process.isAlive()) {
                throw new IOException("stack '" + spec.id() + "': server exited with code " + process.exitValue()
                        + " before GET /health answered 200; log " + logFile + logTail());
            }
            int remainingMillis = (int) Math.max(1, Math.min(1000, (deadline - tick) / 1_000_000));
            try {
                int status = healthStatus(remainingMillis);
                if (status == 200) return System.nanoTime() - spawnNanos;
                last = "status " + status;
            } catch (IOException e) {
                last = e.getMessage();
            }
            if (System.nanoTime() >= deadline) {
                throw new IOException("stack '" + spec.id() + "': GET /health on port " + port + " did not answer 200 within "
                        + timeout + " (last: " + last + "); log " + logFile + logTail());
            }
            long next = tick + HEALTH_POLL.toNanos();
            long wait = next - System.nanoTime();
            if (wait > 0) LockSupport.parkNanos(wait);
        }
    }

    /** One GET /health over a fresh connection; the status code of the answer. */
    private int healthStatus(int timeoutMillis) throws IOException {
        try (Socket s = new Socket()) {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(InetAddress.getByName(healthAddress()), port), timeoutMillis);
            s.setSoTimeout(timeoutMillis);
            OutputStream out = s.getOutputStream();
            out.write(("GET /health HTTP/1.1\r\nHost: " + healthAddress() + ":" + port + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            StringBuilder line = new StringBuilder();
            int c;
            while ((c = in.read()) != -1 && c != '\n') line.append((char) c);
            String[] parts = line.toString().trim().split(" ");
            if (parts.length < 2 || !parts[0].startsWith("HTTP/")) throw new IOException("bad status line '" + line + "'");
            return Integer.parseInt(parts[1]);
        }
    }

    /** Where the health check connects: the bound address, or loopback for a wildcard bind. */
    private String healthAddress() {
        return bind.equals("0.0.0.0") || bind.equals("::") ? "127.0.0.1" : bind;
    }

    /** The root and its live descendant processes (root first, then by pid). */
    public List<ProcessHandle> tree() {
        List<ProcessHandle> out = new ArrayList<>();
        ProcessHandle root = process.toHandle();
        if (running(root)) out.add(root);
        root.descendants().filter(ServerProcess::running).sorted(Comparator.comparingLong(ProcessHandle::pid))
                .forEach(out::add);
        synchronized (seen) {
            seen.addAll(out);
        }
        return out;
    }

    /**
     * SIGTERM to every process of the tree, up to {@code grace} for them to exit, then SIGKILL to
     * every one left; throws if any is still running after that.
     */
    public void stop(Duration grace) {
        Set<ProcessHandle> all = snapshot();
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        while (!alive(all).isEmpty() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(Duration.ofMillis(5).toNanos());
            all.addAll(snapshotOf(all));
        }
        all.addAll(snapshotOf(all));
        List<ProcessHandle> left = alive(all);
        left.forEach(ProcessHandle::destroyForcibly);
        long killDeadline = System.nanoTime() + KILL_WAIT.toNanos();
        while (!alive(all).isEmpty() && System.nanoTime() < killDeadline) {
            LockSupport.parkNanos(Duration.ofMillis(5).toNanos());
        }
        stopped = true;
        try {
            // the root is this JVM's child: wait until it is reaped, so that isAlive() is false from now on
            process.waitFor(KILL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<ProcessHandle> still = alive(all);
        if (!still.isEmpty()) {
            throw new IllegalStateException("stack '" + spec.id() + "': processes still running after SIGKILL: "
                    + still.stream().map(h -> Long.toString(h.pid())).toList());
        }
    }

    /** Stops with {@link #DEFAULT_GRACE}; a no-op when already stopped and nothing is left. */
    @Override
    public void close() {
        if (stopped && alive(snapshot()).isEmpty()) return;
        stop(DEFAULT_GRACE);
    }

    private Set<ProcessHandle> snapshot() {
        tree();
        synchronized (seen) {
            return new LinkedHashSet<>(seen);
        }
    }

    /** Every live descendant of any live process in {@code from}. */
    private static Set<ProcessHandle> snapshotOf(Set<ProcessHandle> from) {
        Set<ProcessHandle> out = new LinkedHashSet<>();
        for (ProcessHandle h : from) {
            if (running(h)) h.descendants().filter(ServerProcess::running).forEach(out::add);
        }
        return out;
    }

    private static List<ProcessHandle> alive(Set<ProcessHandle> handles) {
        return handles.stream().filter(ServerProcess::running).toList();
    }

    /**
     * Alive and not a zombie: a process that exited but was not yet reaped (its parent died and
     * the machine's init does not reap) still has a /proc entry, but nothing left to stop.
     */
    static boolean running(ProcessHandle h) {
        if (!h.isAlive()) return false;
        Path stat = Path.of("/proc", Long.toString(h.pid()), "stat");
        try {
            String s = Files.readString(stat, StandardCharsets.US_ASCII);
            int close = s.lastIndexOf(')');
            return close < 0 || close + 2 >= s.length() || s.charAt(close + 2) != 'Z';
        } catch (IOException e) {
            return !Files.isDirectory(Path.of("/proc", "self")) && h.isAlive();
        }
    }

    private String logTail() {
        try {
            List<String> lines = Files.readAllLines(logFile, StandardCharsets.UTF_8);
            List<String> last = lines.subList(Math.max(0, lines.size() - 15), lines.size());
            return last.isEmpty() ? " (empty)" : ":\n  " + String.join("\n  ", last);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
