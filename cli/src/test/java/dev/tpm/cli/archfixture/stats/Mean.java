package dev.tpm.cli.archfixture.stats;

import dev.tpm.cli.archfixture.model.Thing;

/** Wrong edge: stats importing the model. */
public final class Mean {
    public static double of(Thing t) {
        return t.value();
    }
}
