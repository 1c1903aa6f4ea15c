package dev.tpm.collect.campaign;

import dev.tpm.codec.CampaignJson;
import dev.tpm.codec.Problems;
import dev.tpm.codec.Seeds;
import dev.tpm.model.Preset;
import dev.tpm.collect.loadgen.WrkCommand;
import dev.tpm.collect.loadgen.WrkDoneJson;
import dev.tpm.collect.loadgen.LoadResult;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Endpoints;
import dev.tpm.model.Protocol;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * {@code seed_rows_delete: "auto"} (servers.md "The collection stage"): one DELETE table size for
 * every stack of a campaign, measured before its first run. For each stack with delete runs and
 * each concurrency its delete runs load, the server is started as for a run (a copy of a seeded
 * table of {@link #FIRST_TABLE_ROWS} rows, spawned pinned, its first 200 on /health, the settle
 * period) and loaded with delete_item's wrk script for {@link #loadSeconds} seconds; the size is
 * the largest rate seen times the longest run at that concurrency times {@link #MARGIN}, rounded
 * up to a whole {@link #ROUND_TO} rows. A calibration load that used up its table (the script's
 * missing_ids) measured a lower bound, so it is repeated on a table at least twice as large.
 * Nothing of the calibration is a row: its rates go to campaign.json's protocol under
 * {@link #PROTOCOL_KEY}, beside the size used as {@code protocol.seed_rows_delete}, and a resumed
 * campaign reuses that recorded size ({@link #recorded}), never calibrating again.
 */
final class DeleteCalibration {
    /** campaign.json protocol key (this harness's own; ingest keeps and ignores it) of the calibration's rates. */
    static final String PROTOCOL_KEY = "seed_rows_delete_calibration";
    /** The calibration load: a few seconds, at most the delete runs' own duration. */
    static final int MAX_LOAD_S = 3;
    /**
     * Head-room over the fastest calibrated rate: 2. The calibration is one short load of a cold
     * server, and a measured run can delete faster: over a longer window a JIT runtime spends a
     * larger share of it compiled, a later run may find a quieter host (run-to-run rates on the
     * shared 2-core build machine differ by tens of percent), and each wrk thread walks its own
     * slice of ids (delete_item.lua), so the table runs out when the fastest thread, not the
     * average, uses up its slice. Too small a table costs discarded runs (the rule below), too
     * large one costs nothing unequal: every stack gets the same table, and doubling it adds at
     * most one level to SQLite's B-tree.
     */
    static final double MARGIN = 2.0;
    /** The table of the first calibration load: the paper's 100,000 rows. */
    static final int FIRST_TABLE_ROWS = 100_000;
    /** The size is rounded up to whole thousands of rows. */
    static final int ROUND_TO = 1000;
    /** Never more rows than this (about 10 MB of SQLite per 100,000 rows). */
    static final int MAX_ROWS = DeleteRows.MAX_ROWS;
    /** Calibration loads per stack and concurrency before the campaign gives up (failures and tables used up). */
    static final int MAX_ATTEMPTS = 4;


    /** One calibration load's result. */
    record Rate(String stack, int concurrency, int seededRows, long requests, double durationS) {
        double rps() {
            return requests / durationS;
        }
    }

    /** The size for every stack and what it was computed from. */
    record Result(int rows, List<Rate> rates, int loadS, Protocol.DeleteCalibration recorded) {}

    private final CampaignOptions o;
    private final ServerSide servers;
    private final CampaignLock lock;
    private final Path scripts;
    private final PrintStream log;
    private volatile ServerSide.Server current;
    /** Version 5: every calibration load waits behind the quiet gate, as a run does. */
    private final QuietGate gate;

    DeleteCalibration(CampaignOptions o, ServerSide servers, CampaignLock lock, Path scripts, PrintStream log,
            QuietGate gate) {
        this.gate = gate;
        this.o = o;
        this.servers = servers;
        this.lock = lock;
        this.scripts = scripts;
        this.log = log;
    }

    /**
     * The protocol {@code campaignJson} recorded when its campaign started, or null when there is
     * none yet or it cannot be read (the resume then stops with ingest's message, CampaignJsonWriter).
     * Its {@code seed_rows_delete} is the size an {@code auto} campaign measured; a campaign started
     * before version 3 recorded {@code "auto"} and sizes each stack's table from its own delete rate
     * ({@link DeleteRows}), so that one campaign never mixes two.
     */
    static Protocol recordedProtocol(Path dataDir, String campaign, Path campaignJson) {
        if (!Files.isRegularFile(campaignJson)) return null;
        var c = CampaignJson.read(dataDir, campaign, new Problems()).campaign();
        return c == null ? null : c.protocol();
    }

    /** Concurrency -> the longest delete run at it, over the plan's delete runs (empty: none). */
    static SortedMap<Integer, Integer> deleteLoads(List<PlannedRun> plan) {
        SortedMap<Integer, Integer> loads = new TreeMap<>();
        for (PlannedRun r : plan) {
            if (r.endpoint().equals(Endpoints.DELETE_ITEM)) loads.merge(r.concurrency(), r.durationS(), Math::max);
        }
        return loads;
    }

    /** The calibration load's seconds: {@link #MAX_LOAD_S}, or the delete runs' duration when shorter. */
    static int loadSeconds(SortedMap<Integer, Integer> loads) {
        int shortest = loads.values().stream().mapToInt(Integer::intValue).min().orElse(MAX_LOAD_S);
        return Math.max(1, Math.min(MAX_LOAD_S, shortest));
    }

    /**
     * The table size: the largest over {@code rates} of rate x the longest run at its concurrency
     * x {@link #MARGIN}, rounded up to {@link #ROUND_TO}, at most {@link #MAX_ROWS}.
     */
    static int rows(List<Rate> rates, Map<Integer, Integer> loads) {
        double most = 0;
        for (Rate r : rates) most = Math.max(most, r.rps() * loads.get(r.concurrency()) * MARGIN);
        long n = (long) Math.ceil(most / ROUND_TO) * ROUND_TO;
        return (int) Math.max(ROUND_TO, Math.min(MAX_ROWS, n));
    }

    /** Measures every stack's delete rate and returns the one size for all of them. */
    Result calibrate(List<PlannedRun> plan) throws IOException, InterruptedException {
        SortedMap<Integer, Integer> loads = deleteLoads(plan);
        int loadS = loadSeconds(loads);
        List<String> stacks = plan.stream().filter(r -> r.endpoint().equals(Endpoints.DELETE_ITEM))
                .map(PlannedRun::stack).distinct().sorted().toList();
        Map<String, StackSpec> specs = new LinkedHashMap<>();
        for (StackSpec s : o.stacks()) specs.put(s.id(), s);
        List<Rate> rates = new ArrayList<>();
        for (String stack : stacks) {
            for (int c : loads.keySet()) rates.add(calibrate(specs.get(stack), c, loadS));
        }
        int rows = rows(rates, loads);
        Rate fastest = rates.stream().max(java.util.Comparator.comparingDouble(r -> r.rps() * loads.get(r.concurrency())))
                .orElseThrow();
        log.println(String.format(Locale.ROOT,
                "collect: seed_rows_delete auto: %d rows for every stack (%s's %.0f requests/s at c=%d x %d s x margin %s, rounded up to %d)",
                rows, fastest.stack(), fastest.rps(), fastest.concurrency(), loads.get(fastest.concurrency()),
                Double.toString(MARGIN), ROUND_TO));
        return new Result(rows, rates, loadS, recorded(rates, loadS));
    }

    /** What campaign.json's protocol records of a calibration ({@link #PROTOCOL_KEY}). */
    static Protocol.DeleteCalibration recorded(List<Rate> rates, int loadS) {
        return new Protocol.DeleteCalibration((double) loadS, MARGIN, (long) ROUND_TO, rates.stream()
                .map(r -> new Protocol.DeleteCalibration.Rate(r.stack(), r.concurrency(), (long) r.seededRows(), r.requests(),
                        r.durationS()))
                .toList());
    }

    private Rate calibrate(StackSpec spec, int concurrency, int loadS) throws IOException, InterruptedException {
        int rows = FIRST_TABLE_ROWS;
        String last = null;
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            log.println("collect: calibrating seed_rows_delete: " + spec.id() + ", delete_item, c=" + concurrency + ", "
                    + loadS + " s on " + rows + " rows");
            gate.await(line -> log.println("collect: calibration of " + spec.id() + ": " + line));
            Load l = load(spec, concurrency, loadS, rows, attempt);
            if (l.failure() == null && l.missingIds() == 0) {
                return new Rate(spec.id(), concurrency, rows, l.result().requests(), l.result().durationS());
            }
            if (l.failure() == null) {
                // used up: the rate seen is a lower bound; a table at least twice as large, and twice what it deleted
                last = "used up its " + rows + " rows";
                rows = (int) Math.min(MAX_ROWS, Math.max(2L * rows, 2L * l.result().requests()));
            } else {
                last = l.failure();
            }
            log.println("collect: calibration load of " + spec.id() + ": " + last);
        }
        throw new IOException("seed_rows_delete auto: the calibration load of stack '" + spec.id() + "' at c="
                + concurrency + " failed " + MAX_ATTEMPTS + " times (last: " + last + "); give seed_rows_delete as a number");
    }

    /** What one calibration load gave: a result, or why not. */
    private record Load(LoadResult result, long missingIds, String failure) {}

    private Load load(StackSpec spec, int concurrency, int loadS, int rows, int attempt)
            throws IOException, InterruptedException {
        Preset p = o.preset();
        Path db = RunMeasurement.database(o);
        servers.resetAndSeed(db, rows);
        int port = servers.freePort();
        ServerSide.Server server = servers.start(spec, o.bind(), port, db, o.pinning().server(),
                o.workDir().resolve("server-" + spec.id() + ".log"));
        current = server;
        try {
            lock.recordChildren(server.treePids(), null);
            try {
                server.awaitHealthy(Duration.ofMillis(Math.round(p.protocol().startupTimeoutS() * 1000)));
            } catch (IOException e) {
                return new Load(null, 0, "no 200 on GET /health: " + e.getMessage());
            }
            CampaignSetup.sleepSeconds(p.protocol().settleS());
            Map<String, String> args = new LinkedHashMap<>();
            args.put("rows", Integer.toString(rows));
            args.put("threads", Integer.toString(p.protocol().threads()));
            args.put("seed", Long.toString(Seeds.derive(p.protocol().rngSeed(), "wrk", "calibration", spec.id(),
                    Integer.toString(concurrency), Integer.toString(attempt)) & 0x7fffffffL));
            WrkCommand wrk = new WrkCommand(o.pinning().loadGenerator(), o.loadGen().wrk(), scripts.resolve(Endpoints.DELETE_ITEM + ".lua"),
                    p.protocol().threads(), concurrency, loadS, port, args, o.loadGen().address(), p.timeoutS(),
                    o.loadGen().host());
            List<Long> pids = server.treePids();
            WrkCommand.Outcome out = wrk.run(o.workDir().resolve("calibration-output.txt"), h -> lock.recordChildren(pids, h));
            if (!server.isAlive()) return new Load(null, 0, "server exited during the load");
            if (out.exitCode() != 0) return new Load(null, 0, "wrk exited with code " + out.exitCode());
            LoadResult w = WrkDoneJson.find(out.output(), "calibration wrk output").orElse(null);
            if (w == null || w.requests() == 0 || w.durationS() <= 0) return new Load(null, 0, "wrk reported no request");
            long missing = WrkDoneJson.missingIds(out.output()).orElse(0);
            double errors = (w.socketErrors() + Math.max(0, w.non2xx() - missing)) / (double) w.requests();
            if (errors > o.maxErrorRate()) {
                return new Load(null, 0, String.format(Locale.ROOT, "error rate %.4f above max_error_rate %s", errors,
                        Double.toString(o.maxErrorRate())));
            }
            return new Load(w, missing, null);
        } finally {
            server.stop(Duration.ofMillis(Math.round(p.protocol().stopGraceS() * 1000)));
            server.close();
            current = null;
            lock.clearChildren();
            CampaignSetup.sleepSeconds(p.protocol().cooldownS());
        }
    }

    void killCurrentServer() {
        ServerSide.Server s = current;
        if (s == null) return;
        for (long pid : s.treePids()) ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }
}
