package dev.tpm.model;

import java.util.Arrays;
import java.util.List;

/** A run's {@code status} (data.md): the value of the status column, as a type. */
public enum RunStatus {
    /** Measured and kept. */
    OK(RunColumns.STATUS_OK),
    /** No result: the server crashed, nothing was measured. */
    FAILED(RunColumns.STATUS_FAILED),
    /** The harness rejected the result. */
    DISCARDED(RunColumns.STATUS_DISCARDED);

    private final String text;

    RunStatus(String text) {
        this.text = text;
    }

    /** The status column's text. */
    public String text() {
        return text;
    }

    /** The status whose column text is {@code text}, or null when there is none. */
    public static RunStatus ofText(String text) {
        for (RunStatus s : values()) {
            if (s.text.equals(text)) return s;
        }
        return null;
    }

    /** Every status's column text, in declaration order. */
    public static List<String> texts() {
        return Arrays.stream(values()).map(RunStatus::text).toList();
    }
}
