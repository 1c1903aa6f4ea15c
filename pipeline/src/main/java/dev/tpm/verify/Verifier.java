package dev.tpm.verify;

import dev.tpm.ingest.BadInputException;
import dev.tpm.ingest.Problem;
import dev.tpm.ingest.Problems;
import dev.tpm.results.Verification;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks data/SHA256SUMS against the files of data/ (spec/data.md): every listed file exists and
 * has the listed hash, every file under raw/, config/ and reference/ is listed, nothing else is,
 * and no line is malformed, absolute, climbing out with {@code ..}, or a duplicate. Whatever it
 * accepts, {@code cd data && sha256sum -c SHA256SUMS} accepts too.
 */
public final class Verifier {
    private Verifier() {}

    /** Verifies, reporting every problem at once. */
    public static Verification verify(Path dataDir) throws BadInputException {
        Problems problems = new Problems();
        Verification v = check(dataDir, problems);
        problems.throwIfAny();
        return v;
    }

    /**
     * Adds every manifest problem to {@code problems}; returns the verification (meaningful only
     * when no problem was added), or null when SHA256SUMS cannot be read.
     */
    public static Verification check(Path dataDir, Problems problems) {
        Path file = dataDir.resolve(Manifest.FILE_NAME);
        byte[] bytes;
        try {
            if (!Files.isRegularFile(file)) {
                problems.atFile(Manifest.FILE_NAME,
                        "the manifest " + file + " (write it with `make manifest`)", "no such file");
                return null;
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            problems.atFile(Manifest.FILE_NAME, "a readable file", e.getMessage());
            return null;
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            problems.atFile(Manifest.FILE_NAME, "UTF-8 text", "bytes that are not UTF-8");
            return null;
        }
        List<Manifest.Entry> entries = Manifest.parse(text, problems);
        Set<String> listed = new HashSet<>();
        int checked = 0;
        for (Manifest.Entry e : entries) {
            listed.add(e.path());
            Path p = dataDir.resolve(e.path());
            if (!Files.exists(p)) {
                problems.add(Problem.line(Manifest.FILE_NAME, e.line(), "path",
                        "expected the listed file " + e.path() + " to exist, found no such file"));
                continue;
            }
            if (!Files.isRegularFile(p)) {
                problems.add(Problem.line(Manifest.FILE_NAME, e.line(), "path",
                        "expected " + e.path() + " to be a regular file, found a folder or special file"));
                continue;
            }
            try {
                String actual = Sha256.of(p);
                if (!actual.equals(e.sha256())) {
                    problems.add(Problem.line(Manifest.FILE_NAME, e.line(), "hash",
                            "expected " + e.path() + " to have sha256 " + e.sha256() + ", found " + actual));
                    continue;
                }
            } catch (IOException ex) {
                problems.add(Problem.line(Manifest.FILE_NAME, e.line(), "path",
                        "expected " + e.path() + " to be readable, found " + ex.getMessage()));
                continue;
            }
            checked++;
        }
        try {
            for (String present : Manifest.files(dataDir)) {
                if (!listed.contains(present)) {
                    problems.add(Problem.file(Manifest.FILE_NAME, "expected a line listing " + present
                            + " (every file under raw/, config/ and reference/ is listed), found none"));
                }
            }
        } catch (IOException ex) {
            problems.atFile(Manifest.FILE_NAME, "readable folders raw/, config/, reference/", ex.getMessage());
        }
        return new Verification(checked, Sha256.of(bytes));
    }
}
