package dev.tpm.ingest;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.model.MemorySeries;
import dev.tpm.model.Mix;
import dev.tpm.model.PublishedValue;
import dev.tpm.model.RunRecord;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything ingest read from a data folder, validated and typed. Campaigns are in campaign-id
 * order. The run tables are immutable lists of typed records (every column of data.md, whether or
 * not a file had it, plus campaign, device, phase and line), in (campaign, seq) order. Campaigns
 * listed in {@code exclude_campaigns} are still read and validated here; the analysis leaves them
 * out.
 *
 * @param phase2 no rows when no campaign has a phase2.csv
 * @param phase4 the open-loop runs at offered load (data.md phase4.csv); no rows when no campaign has one
 * @param inventory one entry per file under data/ that SHA256SUMS lists, by path
 * @param phase5 the steady-state runs (data.md phase5.csv, version 4); no rows when no campaign has one
 * @param setups reference/setup.json's sources (data.md version 4); none without the file
 * @param probes every campaign's probe.csv rows (data.md version 6), in (campaign, probe_seq) order;
 *     none for campaigns without a probe
 */
public record Dataset(
        Path dataDir,
        AnalysisConfig config,
        List<Mix> mixes,
        List<Campaign> campaigns,
        List<RunRecord> phase1,
        List<RunRecord> phase2,
        List<MemorySeries> phase3,
        List<PublishedValue> published,
        List<dev.tpm.model.InventoryEntry> inventory,
        List<RunRecord> phase4,
        List<RunRecord> phase5,
        List<dev.tpm.model.SourceSetup> setups,
        List<dev.tpm.model.ProbeRow> probes) {

    public Dataset {
        probes = List.copyOf(probes);
        setups = List.copyOf(setups);
        phase5 = List.copyOf(phase5);
        phase4 = List.copyOf(phase4);
        mixes = List.copyOf(mixes);
        phase1 = List.copyOf(phase1);
        phase2 = List.copyOf(phase2);
        campaigns = List.copyOf(campaigns);
        phase3 = List.copyOf(phase3);
        published = List.copyOf(published);
        inventory = List.copyOf(inventory);
    }

    /** A data folder without probe.csv files (data.md version 5). */
    public Dataset(Path dataDir, AnalysisConfig config, List<Mix> mixes, List<Campaign> campaigns, List<RunRecord> phase1,
            List<RunRecord> phase2, List<MemorySeries> phase3, List<PublishedValue> published,
            List<dev.tpm.model.InventoryEntry> inventory, List<RunRecord> phase4, List<RunRecord> phase5,
            List<dev.tpm.model.SourceSetup> setups) {
        this(dataDir, config, mixes, campaigns, phase1, phase2, phase3, published, inventory, phase4, phase5, setups, List.of());
    }

    /** A data folder without phase5.csv files or reference/setup.json (data.md version 3). */
    public Dataset(Path dataDir, AnalysisConfig config, List<Mix> mixes, List<Campaign> campaigns, List<RunRecord> phase1,
            List<RunRecord> phase2, List<MemorySeries> phase3, List<PublishedValue> published,
            List<dev.tpm.model.InventoryEntry> inventory, List<RunRecord> phase4) {
        this(dataDir, config, mixes, campaigns, phase1, phase2, phase3, published, inventory, phase4, List.of(), List.of());
    }

    /** A data folder without phase4.csv files (data.md version 2). */
    public Dataset(Path dataDir, AnalysisConfig config, List<Mix> mixes, List<Campaign> campaigns, List<RunRecord> phase1,
            List<RunRecord> phase2, List<MemorySeries> phase3, List<PublishedValue> published,
            List<dev.tpm.model.InventoryEntry> inventory) {
        this(dataDir, config, mixes, campaigns, phase1, phase2, phase3, published, inventory, List.of());
    }

    /**
     * The model of which the device is one unit (data.md v4): its campaigns' recorded
     * device.model_id, else analysis.json's device_models entry, else a model of its own (the
     * device id).
     */
    public String modelOf(String device) {
        for (Campaign c : campaigns) {
            if (c.device().id().equals(device) && c.modelId() != null) return c.modelId();
        }
        return config.deviceModels().getOrDefault(device, device);
    }

    /** The declared mix: the first of mixes.csv, used by the headline tables. */
    public Mix declaredMix() {
        return mixes.get(0);
    }
}
