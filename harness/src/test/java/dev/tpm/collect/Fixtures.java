package dev.tpm.collect;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Text fixtures of the collection tests, from harness/src/test/resources/collect/. */
public final class Fixtures {
    private Fixtures() {}

    public static String text(String relative) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/collect/" + relative)) {
            if (in == null) throw new IllegalArgumentException("no fixture collect/" + relative);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
