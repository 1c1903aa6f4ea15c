package dev.tpm.figures;

import dev.tpm.results.Results;

/**
 * A figure of one seed study (studies.md), drawn only when a campaign of that study exists; its
 * subtitle names the devices and campaigns, since the study's devices are not the paper's.
 */
public interface StudyFigure {
    String name();

    /** campaign.json's study; "" for a figure across devices of no study (drawn once, e.g. units). */
    String study();

    /** Why the data lacks this figure, or null when it can be drawn. */
    default String missingData(Results results) {
        return results.facts().study(study()).present() ? null : "no campaign of study " + study();
    }

    /** The subtitle's first line: the study's devices and campaigns. */
    default String describe(Results results) {
        return results.facts().study(study()).describe();
    }

    String caption(Results results);

    Figure build(Results results);

    /** The study's stacks this figure leaves out for lack of values, and why; the caption ends with its sentence. */
    default LeftOut leftOut(Results results) {
        return LeftOut.NONE;
    }
}
