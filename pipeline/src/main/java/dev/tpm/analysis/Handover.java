package dev.tpm.analysis;

import dev.tpm.ingest.Dataset;
import dev.tpm.model.Campaign;
import dev.tpm.model.RunRecord;
import dev.tpm.model.StackInfo;
import dev.tpm.model.Studies;
import dev.tpm.results.Facts;
import dev.tpm.results.GroupReplicates;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.StudyScope;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@link Facts} the analysis hands on beside its statistics: what tables, figures and the
 * report show of data/ (settings, mixes, campaigns, published values, inventory), the sizes with
 * runtime, and the seed studies (their scopes, the hello-blog-next answers).
 */
public final class Handover {
    private Handover() {}

    /**
     * @param loadgenSummary analysis.md 8 over every study (the seed studies' rows)
     * @param studyReplicates the seed studies' group replicates (the hello-blog-next ratios' intervals)
     */
    public static Facts facts(Dataset dataset, List<LoadgenSummary> loadgenSummary, GroupReplicates studyReplicates) {
        List<StudyScope> studies = new ArrayList<>();
        for (String study : Studies.SEEDS) {
            studies.add(StudyScopes.of(study, dataset.campaigns(), loadgenSummary, dataset.phase3()));
        }
        StudyScope next = studies.get(Studies.SEEDS.indexOf(Studies.HELLO_BLOG_NEXT));
        List<RunRecord> runs = new ArrayList<>(dataset.phase1());
        runs.addAll(dataset.phase2());
        return new Facts(dataset.config(), dataset.mixes(), dataset.campaigns(), dataset.published(), dataset.inventory(),
                withRuntimeMib(dataset.campaigns()), studies,
                HelloBlogNext.answers(next, loadgenSummary, runs, studyReplicates));
    }

    /**
     * Per device and stack of its paper campaigns: artifact_bytes + runtime_bytes in MiB from the
     * device's first paper campaign (id order) that lists the stack, when that campaign recorded
     * runtime sizes: some stack of it has runtime_bytes, and a stack without one is then a
     * self-contained binary (servers.md). Absent otherwise.
     */
    static Map<String, Map<String, Double>> withRuntimeMib(List<Campaign> campaigns) {
        Map<String, Map<String, Double>> out = new TreeMap<>();
        List<Campaign> paper = campaigns.stream().filter(c -> Studies.of(c).equals(Studies.PAPER))
                .sorted(Comparator.comparing(Campaign::id)).toList();
        Map<String, Map<String, Campaign>> first = new TreeMap<>();
        for (Campaign c : paper) {
            for (StackInfo si : c.stacks()) {
                first.computeIfAbsent(c.device().id(), k -> new LinkedHashMap<>()).putIfAbsent(si.id(), c);
            }
        }
        first.forEach((device, byStack) -> {
            Map<String, Double> mib = new LinkedHashMap<>();
            byStack.forEach((stack, c) -> {
                if (c.stacks().stream().allMatch(si -> si.runtimeBytes() == null)) return;
                StackInfo si = c.stacks().stream().filter(x -> x.id().equals(stack)).findFirst().orElseThrow();
                if (si.artifactBytes() == null) return;
                long runtime = si.runtimeBytes() == null ? 0 : si.runtimeBytes();
                mib.put(stack, (si.artifactBytes() + runtime) / 1048576.0);
            });
            out.put(device, Map.copyOf(mib));
        });
        return out;
    }
}
