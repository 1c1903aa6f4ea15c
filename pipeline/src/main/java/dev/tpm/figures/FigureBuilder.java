package dev.tpm.figures;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;

/** One figure of outputs.md: decides whether a device has its data, and builds it. */
public interface FigureBuilder {
    /** File stem, as outputs.md names the figure. */
    String name();

    /** Why the device lacks this figure's data, or null when it can be drawn. */
    String missingData(Results results, DeviceResults device);

    /** The title, naming the paper figure or table it regenerates (and the device when there are several). */
    String title(Results results, DeviceResults device);

    /** What is drawn and how to read it, for the report. */
    String caption(Results results, DeviceResults device);

    Figure build(Results results, DeviceResults device, Theme theme);

    /** The device's stacks this figure leaves out for lack of values, and why; the caption ends with its sentence. */
    default LeftOut leftOut(Results results, DeviceResults device) {
        return LeftOut.NONE;
    }

    /**
     * Whether the figures stage says in a line of its own that this figure was left out; false for a
     * figure whose absence another stage already reported (phase 4's: one line for all of them).
     */
    default boolean reportsLacking() {
        return true;
    }
}
