package dev.tpm.codec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The SHA-256 of each input file, computed once per run however many steps ask (verification
 * checks SHA256SUMS with it, the inventory lists the same hashes). Thread-safe.
 */
public final class FileHashes {
    private final Map<Path, String> hashes = new HashMap<>();
    private int computed;

    /** The lower-case hex SHA-256 of {@code file}'s bytes, read on the first request only. */
    public synchronized String of(Path file) throws IOException {
        Path key = file.toAbsolutePath().normalize();
        String h = hashes.get(key);
        if (h == null) {
            h = Sha256.of(key);
            hashes.put(key, h);
            computed++;
        }
        return h;
    }

    /** How many files were read and hashed (a test checks each was hashed once). */
    public synchronized int computed() {
        return computed;
    }
}
