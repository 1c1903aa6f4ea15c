package dev.tpm.collect.conformance;

import dev.tpm.collect.stack.Diag;
import dev.tpm.collect.stack.FreePort;
import dev.tpm.collect.stack.ItemsDatabase;
import dev.tpm.collect.stack.ServerProcess;
import dev.tpm.collect.stack.StackBuilder;
import dev.tpm.collect.stack.StackRegistry;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.collect.stack.StackVersions;
import dev.tpm.collect.stack.ToolchainVersion;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The API conformance check (servers.md; like TechEmpower's verify step): for each stack, starts
 * its already built server on a free port with a fresh seeded database, runs every row of the API
 * table for the endpoints its stack.json declares, checks the SQLite policy on GET /diag (stacks
 * that serve SQLite), collects the stack's versions, stops the server and everything it started,
 * and reports every problem of every stack.
 * It builds nothing: a stack whose artifacts are missing is reported as not built.
 */
public final class ConformanceCheck {
    public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);
    public static final Duration STOP_GRACE = Duration.ofSeconds(10);
    /** The row name of the SQLite policy check on GET /diag. */
    public static final String DIAG_ROW = "GET /diag (SQLite policy)";

    /** One failing row of one stack. */
    public record Problem(String stack, String row, String detail) {
        @Override
        public String toString() {
            return stack + ": " + row + ": " + detail;
        }
    }

    /**
     * The outcome for one stack.
     *
     * @param checks rows run
     * @param pids every process seen in the server's tree while it ran
     * @param versions what the stack runs on (campaign.json {@code stacks[].versions}), empty when
     *     the server did not start
     */
    public record StackReport(String stack, int checks, List<Problem> problems, List<Long> pids,
            Map<String, String> versions) {
        public StackReport {
            problems = List.copyOf(problems);
            pids = List.copyOf(pids);
            versions = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(versions));
        }

        public StackReport(String stack, int checks, List<Problem> problems, List<Long> pids) {
            this(stack, checks, problems, pids, Map.of());
        }

        public boolean passed() {
            return problems.isEmpty();
        }
    }

    /** The outcome for every stack checked, and the stacks skipped as unavailable. */
    public record Report(List<StackReport> stacks, List<StackRegistry.Unavailable> skipped) {
        public Report {
            stacks = List.copyOf(stacks);
            skipped = List.copyOf(skipped);
        }

        public boolean passed() {
            return stacks.stream().allMatch(StackReport::passed);
        }

        public List<Problem> problems() {
            return stacks.stream().flatMap(s -> s.problems().stream()).toList();
        }

        /** A human summary: one line per stack, then every problem. */
        public String text() {
            StringBuilder b = new StringBuilder();
            for (StackRegistry.Unavailable u : skipped) {
                b.append("skipped ").append(u.spec().id()).append(": ").append(u.reason()).append('\n');
            }
            for (StackReport s : stacks) {
                b.append(s.passed() ? "PASS " : "FAIL ").append(s.stack()).append(": ").append(s.checks())
                        .append(" rows, ").append(s.problems().size()).append(" problem(s)\n");
                if (!s.versions().isEmpty()) b.append("  versions: ").append(s.versions()).append('\n');
            }
            for (Problem p : problems()) b.append("  ").append(p).append('\n');
            b.append(stacks.isEmpty() ? "conformance: FAILED, no stack was checked"
                    : passed() ? "conformance: every stack checked passed" : "conformance: FAILED").append('\n');
            return b.toString();
        }
    }

    private final Path workDir;
    private final List<String> launcher;
    private final Duration startupTimeout;

    /** @param workDir where each stack's database and server log go */
    public ConformanceCheck(Path workDir) {
        this(workDir, List.of(), STARTUP_TIMEOUT);
    }

    /**
     * @param workDir where each stack's database and server log go
     * @param launcher a command put before each server's run argv, which must exec that argv with
     *     the environment and folder it is given (scripts/arm64: the server in an arm64 root under
     *     qemu-user), or empty to run the argv itself
     * @param startupTimeout how long GET /health may take to answer 200 after the start
     */
    public ConformanceCheck(Path workDir, List<String> launcher, Duration startupTimeout) {
        this.workDir = workDir;
        this.launcher = List.copyOf(launcher);
        this.startupTimeout = startupTimeout;
    }

    /** Checks the given stacks (available ones of {@code registry} when {@code ids} is empty). */
    public Report run(StackRegistry registry, List<String> ids) {
        List<StackSpec> chosen = new ArrayList<>();
        List<StackRegistry.Unavailable> skipped = new ArrayList<>();
        if (ids.isEmpty()) {
            chosen.addAll(registry.available());
            skipped.addAll(registry.unavailable());
        } else {
            for (String id : ids) {
                StackSpec s = registry.get(id);
                if (registry.available(s)) {
                    chosen.add(s);
                } else {
                    registry.unavailable().stream().filter(u -> u.spec().id().equals(id)).forEach(skipped::add);
                }
            }
        }
        List<StackReport> reports = new ArrayList<>();
        for (StackSpec s : chosen) reports.add(check(s));
        return new Report(reports, skipped);
    }

    /** Checks one stack. */
    public StackReport check(StackSpec spec) {
        String id = spec.id();
        List<String> missing = StackBuilder.missingArtifacts(spec);
        if (!StackBuilder.isBuilt(spec)) {
            String what = spec.artifacts().isEmpty() ? "stack.json lists no artifacts" : "missing " + missing;
            return new StackReport(id, 0, List.of(new Problem(id, "build", "not built (" + what
                    + "); run `make servers` first")), List.of());
        }
        Path db = workDir.resolve(id + ".db");
        Path log = workDir.resolve(id + ".log");
        List<Problem> problems = new ArrayList<>();
        Set<Long> pids = new LinkedHashSet<>();
        int checks = 0;
        Map<String, String> versions = Map.of();
        ServerProcess server = null;
        try {
            ItemsDatabase.reset(db);
            ItemsDatabase.seed(db, ApiChecks.SEED_ROWS);
            server = ServerProcess.start(spec, FreePort.find(), db, Map.of(), launcher, log);
            server.awaitHealthy(startupTimeout);
            server.tree().forEach(h -> pids.add(h.pid()));
            ServerProcess running = server;
            ApiChecks api = new ApiChecks(server.port(), db, running::isAlive, spec.endpoints());
            api.runAll();
            checks = api.checks();
            for (ApiChecks.RowProblem p : api.problems()) problems.add(new Problem(id, p.row(), p.detail()));
            Diag diag = null;
            if (spec.servesCrud()) {
                checks++;
                try {
                    diag = Diag.fetch(server.port());
                    for (String v : SqlitePolicy.violations(diag)) problems.add(new Problem(id, DIAG_ROW, v));
                } catch (IOException e) {
                    problems.add(new Problem(id, DIAG_ROW, e.getMessage()));
                }
            }
            checks++;
            StackVersions sv = StackVersions.of(spec, diag, toolchainLine(spec));
            versions = sv.versions();
            for (String v : sv.problems()) problems.add(new Problem(id, "versions", v));
            server.tree().forEach(h -> pids.add(h.pid()));
        } catch (IOException | RuntimeException e) {
            problems.add(new Problem(id, "start", e.getMessage()));
        } finally {
            if (server != null) {
                server.tree().forEach(h -> pids.add(h.pid()));
                try {
                    server.stop(STOP_GRACE);
                } catch (RuntimeException e) {
                    problems.add(new Problem(id, "stop", e.getMessage()));
                }
            }
        }
        return new StackReport(id, checks, problems, new ArrayList<>(pids), versions);
    }

    private static String toolchainLine(StackSpec spec) {
        try {
            return ToolchainVersion.of(spec);
        } catch (IOException e) {
            return null;
        }
    }
}
