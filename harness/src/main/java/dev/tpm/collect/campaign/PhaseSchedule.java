package dev.tpm.collect.campaign;

import dev.tpm.model.Protocol;
import java.util.ArrayList;
import java.util.List;

/**
 * The order in which a campaign's phases run (servers.md), a pure function of its protocol: the
 * main queue (phases 1 to 3, and phase 5 where the campaign is in rounds: version 5's rounds take
 * phases 1, 2 and 5 together), then phase 4's declared rates, its search, and version 4's phase 5
 * after every other phase where the campaign is not in rounds. Within a stage the runs' order is
 * {@link Plan}'s and {@link Rounds}'.
 */
final class PhaseSchedule {
    /** One queue of runs, drained before the next. */
    enum Stage {
        /** Phases 1, 2, 3 (and 5 in rounds), as {@link Plan#of} orders them. */
        MAIN,
        /** Phase 4 at its declared rates (rates of offered_fractions need phase 1 complete). */
        PHASE4,
        /** Phase 4's search, step by step ({@link Phase4Search}). */
        PHASE4_SEARCH,
        /** Version 4's steady state, after every other phase. */
        PHASE5_LAST
    }

    private PhaseSchedule() {}

    static List<Stage> of(Protocol q) {
        List<Stage> out = new ArrayList<>();
        out.add(Stage.MAIN);
        if (q.phase4() != null) {
            out.add(Stage.PHASE4);
            if (q.phase4().search() != null) out.add(Stage.PHASE4_SEARCH);
        }
        if (q.phase5() != null && !Rounds.on(q.order())) out.add(Stage.PHASE5_LAST);
        return List.copyOf(out);
    }

    /** Whether phase 5's rows resume the main queue (in rounds) rather than a queue of their own. */
    static boolean phase5InMain(Protocol q) {
        return Rounds.on(q.order());
    }
}
