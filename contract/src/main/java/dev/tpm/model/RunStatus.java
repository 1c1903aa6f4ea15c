package dev.tpm.model;

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
}
