package dev.tpm.model;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * campaign.json {@code machine} (data.md version 3): the identity of the machine that collected the
 * campaign; a campaign is resumed only on the machine that started it. Fields not recorded are null.
 *
 * @param machineId the contents of /etc/machine-id
 * @param kernel {@code uname -rv}
 * @param memoryKib MemTotal of /proc/meminfo
 * @param hardwareId version 4: the board's or instance's own id, prefixed with its source
 *     ({@code dt-serial:}, {@code dmi-uuid:}, {@code mac:}); null in campaigns recorded without it
 * @param cpuId version 5: the CPU's identity as /proc/cpuinfo gives it,
 *     {@code x86:<vendor_id>:<cpu family>:<model>:<stepping>} or
 *     {@code arm:<implementer>:<part>:<variant>:<revision>}; null in campaigns recorded without it
 * @param extra keys this contract does not know, kept as read (plain Java values)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Machine(String machineId, String kernel, String cpuModel, Long memoryKib, String hardwareId,
        String cpuId, @JsonAnyGetter @JsonAnySetter Map<String, Object> extra) {
    public Machine {
        extra = Extras.copy(extra);
    }
}
