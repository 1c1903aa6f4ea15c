package dev.tpm.collect.campaign;

import java.util.ArrayList;
import java.util.List;

/** Counts over the runs this process made, for the progress line and the end summary. */
final class RunTally {
    int k;
    int ok;
    int discarded;
    int failed;
    long maxSeq;
    final List<String> gaveUp = new ArrayList<>();
    /** The load-generator-bound, host-saturated and steal-flagged runs, per stack. */
    final RunFlags flags;
    /** The harness's own time per run outside the protocol's waits. */
    final HarnessOverhead overhead = new HarnessOverhead();
    /** Seconds the quiet gate waited before this process's runs, and its longest wait. */
    double quietWaitS;
    double quietWaitMaxS;
    int quietWaited;
    int wentAheadNoisy;

    /** @param flagShare the steal flag's share ({@link RunFlags#flagShare}) */
    RunTally(double flagShare) {
        flags = new RunFlags(flagShare);
    }
}
