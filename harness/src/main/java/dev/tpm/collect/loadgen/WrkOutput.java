package dev.tpm.collect.loadgen;

import java.io.IOException;
import java.util.Optional;

/** wrk's stdout+stderr to a result: the done() JSON when present, the text report otherwise. */
public final class WrkOutput {
    private WrkOutput() {}

    public static LoadResult parse(String output, String source) throws IOException {
        Optional<LoadResult> exact = WrkDoneJson.find(output, source);
        if (exact.isPresent()) return exact.get();
        return WrkTextReport.parse(output, source).toResult();
    }
}
