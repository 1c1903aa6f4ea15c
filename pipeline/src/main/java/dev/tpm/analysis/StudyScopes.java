package dev.tpm.analysis;

import dev.tpm.model.Campaign;
import dev.tpm.model.MemorySeries;
import dev.tpm.model.StackInfo;
import dev.tpm.model.Studies;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.StudyScope;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The {@link StudyScope} of each seed study: what of the data and of loadgen_summary belongs to it. */
final class StudyScopes {
    private StudyScopes() {}

    /**
     * The study's campaigns (every campaign whose study it is, excluded ones too, by id), their
     * devices (by id) and stacks (first appearance), its phase-1 loadgen_summary rows and the
     * phase-3 series of its campaigns (by file).
     */
    static StudyScope of(String study, List<Campaign> allCampaigns, List<LoadgenSummary> loadgenSummary,
            List<MemorySeries> phase3) {
        List<Campaign> campaigns = allCampaigns.stream().filter(c -> Studies.of(c).equals(study))
                .sorted(Comparator.comparing(Campaign::id)).toList();
        Set<String> devices = new TreeSet<>();
        Set<String> stacks = new LinkedHashSet<>();
        Set<String> ids = new TreeSet<>();
        for (Campaign c : campaigns) {
            ids.add(c.id());
            devices.add(c.device().id());
            for (StackInfo s : c.stacks()) stacks.add(s.id());
        }
        List<LoadgenSummary> rows = loadgenSummary.stream().filter(x -> x.study().equals(study) && x.phase() == 1).toList();
        List<MemorySeries> series = phase3.stream().filter(x -> ids.contains(x.campaign()))
                .sorted(Comparator.comparing(MemorySeries::file)).toList();
        return new StudyScope(study, campaigns, List.copyOf(devices), List.copyOf(stacks), rows, series);
    }
}
