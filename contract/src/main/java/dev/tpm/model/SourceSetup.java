package dev.tpm.model;

import java.util.List;

/**
 * One source's setup as reference/setup.json states it (data.md version 4; analysis.md section 7,
 * comparability). A factor the source does not state is null and never makes a row incomparable.
 *
 * @param source a {@code source} of published.csv
 * @param model the model measured on, e.g. "Raspberry Pi 5 Model B" (a device's model that begins
 *     with it is equal)
 * @param loadGeneratorHost {@code same} or {@code separate}
 * @param stacks the stacks compared, in setup.json's order
 */
public record SourceSetup(String source, String model, String arch, Long serverCores, String loadGeneratorHost,
        Long pageSize, Long seedRowsDelete, Long runs, List<String> stacks) {

    /** The factors of analysis.md section 7's table, in its order: setup.json's keys. */
    public static final List<String> FACTORS = List.of("model", "arch", "server_cores", "load_generator_host", "page_size",
            "seed_rows_delete", "runs", "stacks");

    public SourceSetup {
        stacks = stacks == null ? null : List.copyOf(stacks);
    }
}
