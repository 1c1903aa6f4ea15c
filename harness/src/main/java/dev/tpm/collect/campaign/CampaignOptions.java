package dev.tpm.collect.campaign;

import dev.tpm.collect.loadgen.LoadGenSetup;
import dev.tpm.collect.sample.CpuSteal;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Preset;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.nio.file.Path;
import java.util.List;

/**
 * One campaign's settings, built with {@link #builder}: what a spec version or an option adds
 * is a component with its default, never another constructor; {@code withPreset(p)} and the other
 * withers are generated.
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
@RecordBuilder
public record CampaignOptions(Path dataDir, String campaign, Preset preset, List<StackSpec> stacks, String deviceId,
        String modelId, @RecordBuilder.Initializer("NO_PINNING") Pinning pinning, Path workDir, LoadGenSetup loadGen,
        @RecordBuilder.Initializer("DEFAULT_MAX_ERROR_RATE") double maxErrorRate, boolean withoutVcgencmd,
        @RecordBuilder.Initializer("PROC_STAT") Path procStat) implements CampaignOptionsBuilder.With {
    /** The builder's defaults: no pinning, analysis.md's default error rate, this machine's /proc/stat. */
    public static final Pinning NO_PINNING = Pinning.NONE;
    public static final double DEFAULT_MAX_ERROR_RATE = dev.tpm.codec.AnalysisJson.defaults().maxErrorRate();
    public static final Path PROC_STAT = CpuSteal.PROC_STAT;

    public CampaignOptions {
        stacks = List.copyOf(stacks);
    }

    /**
     * Options with their defaults: no model id, no pinning, analysis.md's default error rate,
     * a paper campaign's vcgencmd required (RecordBuilder's CampaignOptionsBuilder).
     */
    public static CampaignOptionsBuilder builder(Path dataDir, String campaign, Preset preset, List<StackSpec> stacks,
            String deviceId, LoadGenSetup loadGen, Path workDir) {
        return CampaignOptionsBuilder.builder().dataDir(dataDir).campaign(campaign).preset(preset).stacks(stacks)
                .deviceId(deviceId).loadGen(loadGen).workDir(workDir);
    }

    /** The address the server binds (the load generator must reach it). */
    public String bind() {
        return loadGen.bind();
    }
}
