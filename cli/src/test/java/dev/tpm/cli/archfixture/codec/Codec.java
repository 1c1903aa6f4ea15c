package dev.tpm.cli.archfixture.codec;

import dev.tpm.cli.archfixture.ingest.Reader;
import dev.tpm.cli.archfixture.model.Thing;

/** Wrong edge: the contract importing the pipeline's ingest. */
public final class Codec {
    public static String write(Thing t) {
        return Reader.name() + t.value();
    }
}
