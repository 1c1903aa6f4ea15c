package dev.tpm.collect;

import dev.tpm.codec.MixesCsv;
import dev.tpm.codec.Problems;
import dev.tpm.model.Mix;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The declared mix of data/config/mixes.csv (data.md: the first mix in the file), which the
 * {@code mixed} workload draws its requests from when the data folder has that file. The file is
 * read with ingest's codec ({@link MixesCsv}): a file ingest would reject is refused here too.
 */
public final class DeclaredMix {
    private DeclaredMix() {}

    /** The first mix's weights in CRUD order; an IOException with every problem of the file. */
    public static Map<String, Double> read(Path file) throws IOException {
        Problems problems = new Problems();
        List<Mix> mixes = MixesCsv.read(file, file.toString(), problems, w -> {});
        if (!problems.isEmpty()) {
            throw new IOException(problems.all().stream().map(Object::toString).collect(Collectors.joining("\n")));
        }
        return mixes.get(0).weights();
    }
}
