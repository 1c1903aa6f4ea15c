package dev.tpm.collect.campaign;

import dev.tpm.codec.Seeds;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import org.apache.commons.math3.random.RandomAdaptor;

/**
 * Version 5's interleaved rounds (servers.md "Rounds, quiet and steal", after Abedi and Brecht's
 * randomized multiple interleaved trials), as pure code. Each group's k-th run is in round k: a
 * round runs every group that has a k-th run once, in an order shuffled per round by the stream
 * of rng_seed, the part's key and the round ({@link Seeds}), so the order is the same on every
 * machine and after a resume. Warm-ups come first, in warm-up rounds of their own (numbered from 1
 * too: a row's round is read with its warmup flag).
 *
 * <p>A part is the runs that share rounds: phases 1, 2 and 5 ({@code "rounds"}), phase 3's series
 * after them ({@code "phase3-rounds"}: no row records their round), phase 4's declared rates
 * ({@code "phase4-rounds"}) and each step of its search ({@code "phase4-search-<step>-rounds"}).
 * Within a round the runs are first put in the plan's own order (stack, endpoint, level), so the
 * shuffle's input does not depend on how the caller collected them.
 */
public final class Rounds {
    /** campaign.json's protocol.order of a campaign in rounds. */
    public static final String ORDER = "rounds";

    private Rounds() {}

    /** Whether a protocol order is rounds. */
    public static boolean on(String order) {
        return ORDER.equals(order);
    }

    /**
     * {@code runs} (each group's runs numbered from 1, warm-ups on their own) in rounds: warm-up
     * rounds 1, 2, ... then measured rounds 1, 2, ..., each shuffled by its own stream.
     */
    public static List<PlannedRun> order(long rngSeed, String part, List<PlannedRun> runs) {
        TreeMap<Integer, List<PlannedRun>> warm = new TreeMap<>();
        TreeMap<Integer, List<PlannedRun>> measured = new TreeMap<>();
        for (PlannedRun r : runs) (r.warmup() ? warm : measured).computeIfAbsent(r.run(), k -> new ArrayList<>()).add(r.withRound(r.run()));
        List<PlannedRun> out = new ArrayList<>();
        warm.forEach((k, rs) -> out.addAll(shuffled(rngSeed, part + "-warmup-" + k, rs)));
        measured.forEach((k, rs) -> out.addAll(shuffled(rngSeed, part + "-" + k, rs)));
        return out;
    }

    private static List<PlannedRun> shuffled(long rngSeed, String key, List<PlannedRun> round) {
        List<PlannedRun> r = new ArrayList<>(round);
        r.sort(CANONICAL);
        Collections.shuffle(r, new RandomAdaptor(Seeds.stream(rngSeed, key)));
        return r;
    }

    /** The plan's own order of a round's runs: phase, stack, endpoint, level, rate. */
    static final Comparator<PlannedRun> CANONICAL = Comparator.comparingInt(PlannedRun::phase)
            .thenComparing(PlannedRun::stack).thenComparing(PlannedRun::endpoint)
            .thenComparingInt(PlannedRun::concurrency).thenComparingDouble(PlannedRun::offeredRps);

    /**
     * Where a run sits in the order of its queue: phase 3's rounds after those of phases 1, 2 and 5
     * (phase 4 has queues of its own), warm-up rounds before measured ones, then the round. A run
     * queued again goes before the first queued run whose position is greater: at the end of its round.
     */
    static long position(PlannedRun r) {
        long part = r.phase() == 3 ? 1 : 0;
        return (part * 2 + (r.warmup() ? 0 : 1)) * 1_000_000_000L + r.round();
    }
}
