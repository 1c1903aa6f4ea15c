package dev.tpm.model;

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
 * @param extra keys this contract does not know, kept as read (plain Java values)
 */
public record Machine(String machineId, String kernel, String cpuModel, Long memoryKib, String hardwareId,
        Map<String, Object> extra) {
    public Machine {
        extra = Extras.copy(extra);
    }
}
