package dev.tpm.verify;

import dev.tpm.codec.BadInputException;
import dev.tpm.codec.FileHashes;
import dev.tpm.codec.Problems;
import dev.tpm.codec.Sha256Sums;
import dev.tpm.results.Verification;
import java.nio.file.Path;

/**
 * The verify step of the pipeline: data/SHA256SUMS checked against the files of data/ by the
 * contract's codec ({@link Sha256Sums#check}), its outcome as the {@link Verification} the report
 * states.
 */
public final class Verifier {
    private Verifier() {}

    /** Verifies, reporting every problem at once. */
    public static Verification verify(Path dataDir) throws BadInputException {
        return verify(dataDir, new FileHashes());
    }

    /** Verifies with the run's file hashes (a later step reuses them), reporting every problem at once. */
    public static Verification verify(Path dataDir, FileHashes hashes) throws BadInputException {
        Problems problems = new Problems();
        Verification v = check(dataDir, problems, hashes);
        problems.throwIfAny();
        return v;
    }

    /**
     * Adds every manifest problem to {@code problems}; returns the verification (meaningful only
     * when no problem was added), or null when SHA256SUMS cannot be read.
     *
     * @param hashes the run's file hashes, shared with the inventory so each file is read once
     */
    public static Verification check(Path dataDir, Problems problems, FileHashes hashes) {
        Sha256Sums.Checked c = Sha256Sums.check(dataDir, problems, hashes);
        return c == null ? null : new Verification(c.filesChecked(), c.manifestSha256());
    }
}
