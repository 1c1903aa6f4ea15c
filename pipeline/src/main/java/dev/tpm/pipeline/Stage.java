package dev.tpm.pipeline;

import dev.tpm.output.Outputs;

/**
 * One step of {@code make paper} after ingest and verify. A stage reads what earlier stages put in
 * the context and adds its artifacts to {@code out}; it never touches disk (the pipeline writes
 * every artifact at the end, atomically). A stage whose data is missing calls
 * {@link Outputs#skip} for each artifact it leaves out.
 */
public interface Stage {
    /** Short name for progress lines, e.g. {@code stats}. */
    String name();

    void run(PipelineContext context, Outputs out) throws Exception;
}
