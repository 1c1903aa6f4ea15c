package dev.tpm.model;

/**
 * One entry of a campaign's {@code stacks} list.
 *
 * @param artifactBytes size of the deployment artifact, null when not recorded
 * @param workers worker processes or threads, null when not recorded
 * @param standIn {@code stand_in}: the seed's server this stack stands in for and why that one is
 *     not built, null for a stack that is what it says (studies.md: nim-http, elixir-http)
 */
public record StackInfo(String id, String language, String framework, Long artifactBytes, Integer workers, StandIn standIn) {
    /** A stack that stands in for no other. */
    public StackInfo(String id, String language, String framework, Long artifactBytes, Integer workers) {
        this(id, language, framework, artifactBytes, workers, null);
    }

    /**
     * campaign.json {@code stacks[].stand_in}: {@code {"for": <the seed's server>, "why": <reason>}}.
     *
     * @param forServer the server of the seed that this stack stands in for
     * @param why why that server is not built here
     */
    public record StandIn(String forServer, String why) {}
}
