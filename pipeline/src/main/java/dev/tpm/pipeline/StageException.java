package dev.tpm.pipeline;

/** A stage failed (a bug or an environment problem, not bad input); outputs were left untouched. */
public final class StageException extends Exception {
    private final String stage;

    public StageException(String stage, Throwable cause) {
        super("stage " + stage + " failed: " + cause, cause);
        this.stage = stage;
    }

    public String stage() {
        return stage;
    }
}
