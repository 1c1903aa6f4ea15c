package dev.tpm.collect.campaign;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a finished (or given up) campaign left, and the end summary's lines: a pure function of
 * the counts of this process's runs ({@link RunTally}).
 */
public record CampaignSummary(Path campaignDir, int runsExecuted, int ok, int discarded, int failed, int loadGeneratorBound,
        List<String> gaveUp, List<String> manifestLines, double overheadMedianS, double overheadMaxS,
        int hostSaturated, int stealFlagged, int stealDiscarded, double quietWaitS) {

    static CampaignSummary of(Path dir, RunTally t, List<String> added) {
        return new CampaignSummary(dir, t.k, t.ok, t.discarded, t.failed, t.flags.loadGeneratorBound(), List.copyOf(t.gaveUp),
                added, t.overhead.medianS(), t.overhead.maxS(), t.flags.hostSaturated(), t.flags.stealFlagged(),
                t.flags.stealDiscarded(), t.quietWaitS);
    }

    /**
     * The end summary, one line each (without the "collect: " prefix).
     *
     * @param maxStealShare the protocol's, null when the quiet gate and the steal rule were off
     * @param flagShare the steal flag's share ({@link RunFlags#flagShare})
     * @param manifest the checksum file the campaign's files were added to
     */
    static List<String> lines(Path dir, RunTally t, Double maxStealShare, double flagShare, int added, Path manifest) {
        List<String> out = new ArrayList<>();
        out.add(dir + ": " + t.k + " runs (" + t.ok + " ok, " + t.discarded + " discarded, " + t.failed
                + " failed, " + t.flags.loadGeneratorBound() + " load-generator bound, " + t.flags.hostSaturated()
                + " host saturated, " + t.flags.stealFlagged() + " with CPU steal over " + RunFlags.percent(flagShare) + "); "
                + added + " files added to " + manifest);
        out.addAll(t.flags.summaryLines());
        if (maxStealShare != null) {
            out.add(String.format(Locale.ROOT, "quiet gate: waited %.1f s in all before %d of %d runs"
                    + " (longest %.1f s); %d runs went ahead after the longest wait; %d runs discarded for steal above"
                    + " max_steal_share %s", t.quietWaitS, t.quietWaited, t.k, t.quietWaitMaxS, t.wentAheadNoisy,
                    t.flags.stealDiscarded(), Double.toString(maxStealShare)));
        }
        if (t.overhead.count() > 0) out.add(t.overhead.summaryLine());
        for (String g : t.gaveUp) out.add(g + ": did not reach its measured runs");
        return out;
    }
}
