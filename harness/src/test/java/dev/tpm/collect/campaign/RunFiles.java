package dev.tpm.collect.campaign;

import dev.tpm.model.RunRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;

/** Test access to a run file as the harness reads it back on a resume. */
final class RunFiles {
    private RunFiles() {}

    /** The rows of {@code csv} (named by its file name in messages); any problem is an IOException. */
    static List<RunRow> read(Path csv, int phase) throws IOException {
        return CampaignFolder.readForResume(csv.getParent(), csv, phase, null, new HashMap<>());
    }
}
