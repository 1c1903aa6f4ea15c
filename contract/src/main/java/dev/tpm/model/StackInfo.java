package dev.tpm.model;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Map;

/**
 * One entry of a campaign's {@code stacks} list.
 *
 * @param artifactBytes size of the deployment artifact, null when not recorded
 * @param workers worker processes or threads, null when not recorded
 * @param standIn {@code stand_in}: the seed's server this stack stands in for and why that one is
 *     not built, null for a stack that is what it says (studies.md: nim-http, elixir-http)
 * @param versions {@code versions} (data.md version 2): what the stack runs on, in the order
 *     recorded, null when not recorded
 * @param runtimeBytes {@code runtime_bytes} (version 4): bytes on disk of what the artifact needs to
 *     run that it does not contain, null when not recorded
 * @param env the environment the server started with (this harness's own key), null when not
 *     recorded
 * @param extra keys this contract does not know, kept as read
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"id", "language", "framework", "standIn", "artifactBytes", "runtimeBytes", "workers", "versions", "env"})
public record StackInfo(String id, String language, String framework, Long artifactBytes, Integer workers,
        StandIn standIn, Map<String, String> versions, Long runtimeBytes, Map<String, String> env,
        @JsonAnyGetter @JsonAnySetter Map<String, Object> extra) {

    public StackInfo {
        versions = Extras.ordered(versions);
        env = Extras.ordered(env);
        extra = Extras.copy(extra);
    }

    /** A stack that stands in for no other, with nothing else recorded. */
    public StackInfo(String id, String language, String framework, Long artifactBytes, Integer workers) {
        this(id, language, framework, artifactBytes, workers, null);
    }

    /** A stack with nothing recorded beyond data.md version 1's keys and {@code stand_in}. */
    public StackInfo(String id, String language, String framework, Long artifactBytes, Integer workers, StandIn standIn) {
        this(id, language, framework, artifactBytes, workers, standIn, null, null, null, Map.of());
    }

    /** A value of {@code versions} (e.g. {@code runtime}), null when not recorded. */
    public String version(String key) {
        return versions == null ? null : versions.get(key);
    }

    /**
     * campaign.json {@code stacks[].stand_in}: {@code {"for": <the seed's server>, "why": <reason>}}.
     *
     * @param forServer the server of the seed that this stack stands in for
     * @param why why that server is not built here
     */
    public record StandIn(@JsonProperty("for") String forServer, String why) {}
}
