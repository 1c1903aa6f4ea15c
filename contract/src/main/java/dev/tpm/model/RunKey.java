package dev.tpm.model;

/** data.md's unique key of a run within phase1.csv or phase2.csv. */
public record RunKey(String stack, String endpoint, int concurrency, int run, boolean warmup) {
    @Override
    public String toString() {
        return stack + "/" + endpoint + "/c" + concurrency + "/" + (warmup ? "warmup " : "run ") + run;
    }
}
