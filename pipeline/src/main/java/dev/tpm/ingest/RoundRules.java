package dev.tpm.ingest;

import dev.tpm.codec.Problem;
import dev.tpm.codec.Problems;
import dev.tpm.codec.RunCsv;
import dev.tpm.model.Campaign;
import dev.tpm.model.RunColumns;
import dev.tpm.model.RunRow;
import dev.tpm.model.RunStatus;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The rules of data.md version 5 that span rows or files (the codec checks each cell): a campaign
 * whose protocol.order is {@code rounds} records {@code round} on every row of every phase file,
 * another campaign on none; in a rounds campaign a group (phase, stack, endpoint, concurrency,
 * offered_rps) has at most one run with warmup = 0 and status ok per round; the campaigns of one
 * device record one machine.cpu_id (or none). Pure: rows and campaigns in, problems out.
 */
final class RoundRules {
    /** protocol.order of a campaign run in interleaved rounds (servers.md, version 5). */
    static final String ORDER_ROUNDS = "rounds";

    private RoundRules() {}

    private record Group(int phase, String stack, String endpoint, int concurrency, double offeredRps, int round) {}

    /** Whether the campaign's protocol.order is {@code rounds}; false when campaign.json was unreadable. */
    static boolean inRounds(Campaign c) {
        return c != null && c.protocol() != null && ORDER_ROUNDS.equals(c.protocol().order());
    }

    /**
     * Checks the {@code round} column of one phase file of a campaign.
     *
     * @param measuredSeen the (group, round) keys of the campaign's runs with warmup 0 and status ok
     *     seen so far, with the line of the first; shared by the campaign's phase files
     */
    static void check(String file, int phase, boolean rounds, List<RunCsv.Line> rows, Map<Object, Long> measuredSeen,
            Problems problems) {
        for (RunCsv.Line l : rows) {
            RunRow r = l.row();
            if (rounds && r.round() == null) {
                problems.atLine(file, l.line(), RunColumns.ROUND,
                        "the run's round (protocol.order is '" + ORDER_ROUNDS + "': required on every row)", "an empty cell");
                continue;
            }
            if (!rounds && r.round() != null) {
                problems.atLine(file, l.line(), RunColumns.ROUND,
                        "an empty cell (protocol.order is not '" + ORDER_ROUNDS + "': no rounds)", Problem.quote(r.round().toString()));
                continue;
            }
            if (!rounds || r.warmup() || r.status() != RunStatus.OK) continue;
            // offered_rps is NaN outside phase 4; a record compares doubles as Double.compare does, so NaN equals NaN
            Group g = new Group(phase, r.stack(), r.endpoint(), r.concurrency(), r.offeredRps(), r.round());
            Long first = measuredSeen.putIfAbsent(g, l.line());
            if (first != null) {
                problems.atLine(file, l.line(), RunColumns.ROUND,
                        "at most one run with warmup 0 and status ok per group (" + describe(g) + ") and round (line "
                                + first + " has one in round " + g.round() + ")", Problem.quote(r.round().toString()));
            }
        }
    }

    private static String describe(Group g) {
        String s = "phase " + g.phase() + ", " + g.stack() + ", " + g.endpoint() + ", concurrency " + g.concurrency();
        return Double.isNaN(g.offeredRps()) ? s : s + ", offered_rps " + dev.tpm.codec.Num.csv(g.offeredRps());
    }

    /**
     * data.md version 5: campaigns of one device that record different machine.cpu_ids are bad
     * input (a device is one machine; analysis.md 11). A campaign without one is not compared.
     */
    static void cpuIds(List<Campaign> campaigns, Problems problems) {
        Map<String, Campaign> first = new HashMap<>();
        for (Campaign c : campaigns) {
            String id = cpuId(c);
            if (id == null) continue;
            Campaign f = first.putIfAbsent(c.device().id(), c);
            if (f != null && !Objects.equals(cpuId(f), id)) {
                problems.atJson("raw/" + c.folder() + "/campaign.json", "$.machine.cpu_id",
                        "the CPU of device " + c.device().id() + " in its other campaigns ('" + cpuId(f) + "' in " + f.id()
                                + "): one device, one CPU", Problem.quote(id));
            }
        }
    }

    private static String cpuId(Campaign c) {
        return c.machine() == null ? null : c.machine().cpuId();
    }
}
