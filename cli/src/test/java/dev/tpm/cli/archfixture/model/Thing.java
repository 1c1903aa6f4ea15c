package dev.tpm.cli.archfixture.model;

import dev.tpm.cli.archfixture.codec.Codec;

/** Wrong edge and cycle: the model importing the codec, which imports the model. */
public record Thing(double value) {
    public String text() {
        return Codec.write(this);
    }
}
