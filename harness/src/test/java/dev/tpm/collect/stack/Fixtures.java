package dev.tpm.collect.stack;

import java.io.IOException;
import java.nio.file.Path;

/** The test stacks under harness/src/test/resources/stacks (synthetic fixtures, not reference servers). */
public final class Fixtures {
    public static final Path STACKS = Path.of("harness", "src", "test", "resources", "stacks");
    /** The repository's reference servers. */
    public static final Path SERVERS = Path.of("servers");

    private Fixtures() {}

    public static StackSpec stack(String id) throws IOException {
        return StackSpec.load(STACKS.resolve(id));
    }
}
