package dev.tpm.model;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.Map;

/**
 * campaign.json {@code load_generator} (data.md): which tool loaded the servers, where it ran and
 * how. Fields not recorded are null.
 *
 * @param tool {@code wrk}, {@code autocannon}, {@code oha}, ...
 * @param versionLine the line of the tool's output its version was read from
 * @param host {@code same} (on the device under test) or {@code separate}
 * @param hostName the other machine, when {@code separate}
 * @param cpus the CPU list it was pinned to, on the same host (version 2)
 * @param timeoutS its request time-out in seconds (version 2)
 * @param imported true when the rows were imported from saved outputs (version 2)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoadGeneratorInfo(String tool, String version, String versionLine, String host, String hostName,
        String cpus, @JsonSerialize(using = JsonShapes.Whole.class) Double timeoutS, Boolean imported,
        @JsonAnyGetter @JsonAnySetter Map<String, Object> extra) {
    public static final String SAME = "same";
    public static final String SEPARATE = "separate";

    public LoadGeneratorInfo {
        extra = Extras.copy(extra);
    }

    /** Whether it competed with the server for the device's CPUs. */
    public boolean sameHost() {
        return SAME.equals(host);
    }

    /** Whether the rows were imported (absent: collected). */
    @JsonIgnore
    public boolean isImported() {
        return Boolean.TRUE.equals(imported);
    }
}
