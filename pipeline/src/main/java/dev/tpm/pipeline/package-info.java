/**
 * The machinery of one {@code make paper} run: the {@link dev.tpm.pipeline.Stage} interface, the
 * context the stages share, the pipeline that runs ingest, verify and a list of stages, the
 * inventory stage and the atomic writer of tables/ and figures/. It imports none of the stages
 * above it; the list of make paper lives in {@code dev.tpm.paper}.
 */
package dev.tpm.pipeline;
