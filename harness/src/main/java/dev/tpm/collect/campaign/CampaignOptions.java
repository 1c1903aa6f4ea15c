package dev.tpm.collect.campaign;

import dev.tpm.collect.loadgen.LoadGenSetup;
import dev.tpm.collect.sample.CpuSteal;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Preset;
import java.nio.file.Path;
import java.util.List;

/**
 * One campaign's settings, built with {@link #builder}: what a spec version or an option adds
 * is a field with a default, never another constructor.
 *
 * @param stacks each must have passed the conformance check
 * @param deviceId campaign.json's device.id
 * @param modelId campaign.json's device.model_id (data.md version 4), or null
 * @param pinning CPUs of the server, the load generator and this JVM
 * @param workDir scratch space outside data/: the database, server logs, wrk output, the lock
 * @param loadGen the load generators (installed where, run where) and the address the server binds
 * @param maxErrorRate data/config/analysis.json's max_error_rate: above it a run is discarded
 * @param withoutVcgencmd the user chose to run a paper campaign without vcgencmd (recorded)
 * @param procStat where the steal counter is read (the quiet gate, steal_s and the steal rule):
 *     /proc/stat, or a test's own file
 */
public record CampaignOptions(Path dataDir, String campaign, Preset preset, List<StackSpec> stacks, String deviceId,
        String modelId, Pinning pinning, Path workDir, LoadGenSetup loadGen, double maxErrorRate,
        boolean withoutVcgencmd, Path procStat) {
    public CampaignOptions {
        stacks = List.copyOf(stacks);
    }

    /**
     * Options with their defaults: no model id, no pinning, analysis.md's default error rate,
     * a paper campaign's vcgencmd required.
     */
    public static Builder builder(Path dataDir, String campaign, Preset preset, List<StackSpec> stacks, String deviceId,
            LoadGenSetup loadGen, Path workDir) {
        return new Builder(dataDir, campaign, preset, stacks, deviceId, loadGen, workDir);
    }

    /** The address the server binds (the load generator must reach it). */
    public String bind() {
        return loadGen.bind();
    }

    /** These options with another preset (an {@code auto} campaign's, its DELETE table size measured). */
    public CampaignOptions withPreset(Preset p) {
        return new CampaignOptions(dataDir, campaign, p, stacks, deviceId, modelId, pinning, workDir, loadGen, maxErrorRate,
                withoutVcgencmd, procStat);
    }

    /** Options field by field; each setter replaces a default. */
    public static final class Builder {
        private final Path dataDir;
        private final String campaign;
        private final Preset preset;
        private final List<StackSpec> stacks;
        private final String deviceId;
        private final LoadGenSetup loadGen;
        private final Path workDir;
        private String modelId;
        private Pinning pinning = Pinning.NONE;
        private double maxErrorRate = dev.tpm.codec.AnalysisJson.defaults().maxErrorRate();
        private boolean withoutVcgencmd;
        private Path procStat = CpuSteal.PROC_STAT;

        private Builder(Path dataDir, String campaign, Preset preset, List<StackSpec> stacks, String deviceId,
                LoadGenSetup loadGen, Path workDir) {
            this.dataDir = dataDir;
            this.campaign = campaign;
            this.preset = preset;
            this.stacks = stacks;
            this.deviceId = deviceId;
            this.loadGen = loadGen;
            this.workDir = workDir;
        }

        public Builder modelId(String v) {
            modelId = v;
            return this;
        }

        public Builder pinning(Pinning v) {
            pinning = v;
            return this;
        }

        public Builder maxErrorRate(double v) {
            maxErrorRate = v;
            return this;
        }

        public Builder withoutVcgencmd(boolean v) {
            withoutVcgencmd = v;
            return this;
        }

        public Builder procStat(Path v) {
            procStat = v;
            return this;
        }

        public CampaignOptions build() {
            return new CampaignOptions(dataDir, campaign, preset, stacks, deviceId, modelId, pinning, workDir, loadGen,
                    maxErrorRate, withoutVcgencmd, procStat);
        }
    }
}
