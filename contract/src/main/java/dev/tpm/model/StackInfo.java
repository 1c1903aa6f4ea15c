package dev.tpm.model;

/**
 * One entry of a campaign's {@code stacks} list.
 *
 * @param artifactBytes size of the deployment artifact, null when not recorded
 * @param workers worker processes or threads, null when not recorded
 */
public record StackInfo(String id, String language, String framework, Long artifactBytes, Integer workers) {}
