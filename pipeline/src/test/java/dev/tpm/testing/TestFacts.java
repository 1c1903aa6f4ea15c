package dev.tpm.testing;

import dev.tpm.analysis.Handover;
import dev.tpm.ingest.Dataset;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.results.Facts;
import dev.tpm.results.GroupReplicates;
import dev.tpm.results.LoadgenSummary;
import java.nio.file.Path;
import java.util.List;

/** The {@link Facts} the analysis would hand on for a hand-built dataset (tests that build Results themselves). */
public final class TestFacts {
    private TestFacts() {}

    public static Facts of(Dataset ds) {
        return of(ds, List.of());
    }

    /** @param loadgenSummary the rows the Results carry, for the seed studies' scopes and answers */
    public static Facts of(Dataset ds, List<LoadgenSummary> loadgenSummary) {
        return Handover.facts(ds, loadgenSummary, GroupReplicates.NONE);
    }

    /** The same facts with other settings. */
    public static Facts withConfig(Facts f, AnalysisConfig config) {
        return new Facts(config, f.mixes(), f.campaigns(), f.published(), f.inventory(), f.withRuntimeMib(), f.studies(),
                f.helloBlogNext());
    }

    /** The same facts with other campaigns. */
    public static Facts withCampaigns(Facts f, List<Campaign> campaigns) {
        return new Facts(f.config(), f.mixes(), campaigns, f.published(), f.inventory(), f.withRuntimeMib(), f.studies(),
                f.helloBlogNext());
    }

    /** A dataset of these facts without runs, for a PipelineContext of a stage that reads only the results. */
    public static Dataset dataset(Facts f) {
        return new Dataset(Path.of("data"), f.config(), f.mixes(), f.campaigns(), List.of(), List.of(), List.of(), f.published(),
                f.inventory());
    }
}
