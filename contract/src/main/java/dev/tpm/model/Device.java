package dev.tpm.model;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * The device of a campaign. {@code id} is the unit of analysis: campaigns with the same device id
 * are pooled. Fields a campaign.json leaves out are null.
 *
 * @param powerSource {@code pmic}, {@code rapl} or {@code none}
 * @param pageSize the kernel's page size in bytes
 * @param modelId version 4: the model of which the device is one unit (e.g. {@code pi5-8gb}), null
 *     when not recorded
 * @param powerProblems why a power source present on the machine could not be used (this harness's
 *     own key), null when not recorded
 * @param extra keys this contract does not know, kept as read
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"id", "model", "modelId", "cpu", "cores", "memoryMib", "arch", "os", "kernel", "firmware",
        "bootloader", "pmic", "cpuGovernor", "pageSize", "powerSource", "powerProblems"})
public record Device(
        String id,
        String model,
        String cpu,
        Integer cores,
        Long memoryMib,
        String arch,
        String os,
        String kernel,
        String firmware,
        String bootloader,
        String pmic,
        String cpuGovernor,
        Integer pageSize,
        String powerSource,
        String modelId,
        List<String> powerProblems,
        @JsonAnyGetter @JsonAnySetter Map<String, Object> extra) {

    public Device {
        powerProblems = Extras.list(powerProblems);
        extra = Extras.copy(extra);
    }

    /** A device as data.md versions 1-3 describe it: no model id, nothing else recorded. */
    public static Device of(String id, String model, String cpu, Integer cores, Long memoryMib, String arch, String os,
            String kernel, String firmware, String bootloader, String pmic, String cpuGovernor, Integer pageSize,
            String powerSource) {
        return new Device(id, model, cpu, cores, memoryMib, arch, os, kernel, firmware, bootloader, pmic, cpuGovernor,
                pageSize, powerSource, null, null, Map.of());
    }

    /** The same device with {@code model_id}. */
    public Device withModelId(String modelId) {
        return new Device(id, model, cpu, cores, memoryMib, arch, os, kernel, firmware, bootloader, pmic, cpuGovernor,
                pageSize, powerSource, modelId, powerProblems, extra);
    }
}
