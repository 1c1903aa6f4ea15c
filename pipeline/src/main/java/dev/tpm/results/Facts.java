package dev.tpm.results;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.model.InventoryEntry;
import dev.tpm.model.Mix;
import dev.tpm.model.PublishedValue;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What tables, figures and the report show besides the statistics, handed on by the analysis
 * (analysis/Handover) so that none of them reads data/ again: the settings, mixes, campaigns and
 * published values as read, the inventory, what the analysis derived from campaign.json alone, and
 * the seed studies.
 *
 * @param campaigns every campaign of data/, excluded ones too, in id order
 * @param inventory one entry per file SHA256SUMS lists, by path (tables/inventory.csv)
 * @param withRuntimeMib per device and stack of its paper campaigns: artifact_bytes + runtime_bytes in
 *     MiB from the first paper campaign (id order) of the device that lists the stack, where that campaign
 *     recorded runtime sizes (the startup table); absent otherwise
 * @param studies one scope per seed study of {@code Studies.SEEDS}, in that order
 * @param helloBlogNext every question of hello-blog-next on every device of the study
 */
public record Facts(
        AnalysisConfig config,
        List<Mix> mixes,
        List<Campaign> campaigns,
        List<PublishedValue> published,
        List<InventoryEntry> inventory,
        Map<String, Map<String, Double>> withRuntimeMib,
        List<StudyScope> studies,
        List<HelloBlogNextAnswer> helloBlogNext) {

    public Facts {
        mixes = List.copyOf(mixes);
        campaigns = List.copyOf(campaigns);
        published = List.copyOf(published);
        inventory = List.copyOf(inventory);
        withRuntimeMib = Map.copyOf(withRuntimeMib);
        studies = List.copyOf(studies);
        helloBlogNext = List.copyOf(helloBlogNext);
    }

    /** The declared mix: the first of mixes.csv, used by the headline tables. */
    public Mix declaredMix() {
        return mixes.get(0);
    }

    /** The campaigns with these ids, in id order. */
    public List<Campaign> campaigns(Collection<String> ids) {
        return campaigns.stream().filter(c -> ids.contains(c.id())).toList();
    }

    /** The seed study's scope; an empty one for a study without campaigns or of no seed. */
    public StudyScope study(String study) {
        return studies.stream().filter(s -> s.study().equals(study)).findFirst().orElseGet(() -> StudyScope.empty(study));
    }

    /** artifact + runtime MiB of the stack on the device (see {@link #withRuntimeMib}), NaN when not recorded. */
    public double withRuntimeMib(String device, String stack) {
        return withRuntimeMib.getOrDefault(device, Map.of()).getOrDefault(stack, Double.NaN);
    }
}
