package dev.tpm.model;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * One campaign folder under data/raw/: its campaign.json, typed (data.md). Read and written only
 * by {@code dev.tpm.codec.CampaignJson}.
 *
 * @param id campaign.json's {@code campaign}
 * @param folder folder name under data/raw/
 * @param study campaign.json's {@code study} as recorded, null when absent (read as {@link #PAPER}:
 *     {@link #studyId()})
 * @param machine the machine that collected it (version 3), null when not recorded
 * @param loadGenerator null when not recorded
 * @param protocol null when not recorded
 * @param extra top-level keys this contract does not know, kept as read
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Campaign(
        @JsonProperty("campaign") String id,
        @JsonIgnore String folder,
        String study,
        Device device,
        Machine machine,
        LoadGeneratorInfo loadGenerator,
        Protocol protocol,
        List<StackInfo> stacks,
        @JsonAnyGetter @JsonAnySetter Map<String, Object> extra) {
    /** The study of a campaign.json without {@code study} (data.md): the paper's CRUD protocol. */
    public static final String PAPER = "paper";

    public Campaign {
        stacks = List.copyOf(stacks);
        extra = Extras.copy(extra);
    }

    /** A campaign with nothing recorded beyond its device, load generator, protocol and stacks. */
    public static Campaign of(String id, String study, Device device, LoadGeneratorInfo loadGenerator, Protocol protocol,
            List<StackInfo> stacks) {
        return new Campaign(id, id, study, device, null, loadGenerator, protocol, stacks, Map.of());
    }

    /** campaign.json's {@code study}, {@link #PAPER} when absent. */
    public String studyId() {
        return study == null ? PAPER : study;
    }

    /**
     * campaign.json's {@code machine.hardware_id} (data.md version 4: the board's or instance's own
     * serial, prefixed with its source), null when the campaign did not record one.
     */
    public String hardwareId() {
        return machine == null ? null : machine.hardwareId();
    }

    /**
     * campaign.json's {@code device.model_id} (data.md version 4): the model of which the device is
     * one unit; null when not recorded. The one place the field is read.
     */
    public String modelId() {
        return device == null ? null : device.modelId();
    }

    /** Whether this campaign enters analysis.md sections 1-7. */
    @JsonIgnore
    public boolean isPaper() {
        return PAPER.equals(studyId());
    }
}
