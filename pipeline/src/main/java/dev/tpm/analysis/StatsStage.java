package dev.tpm.analysis;

import dev.tpm.codec.CsvText;
import dev.tpm.output.Outputs;
import dev.tpm.pipeline.PipelineContext;
import dev.tpm.pipeline.Stage;
import dev.tpm.results.Results;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The stats stage: computes the Results, hands them to later stages, and adds the tidy CSVs the
 * catalog lists that a run on them writes, with one line each where the phase-4 or phase-5 files,
 * or what is built from them, are left out.
 */
public final class StatsStage implements Stage {
    private final Map<String, Function<Results, Optional<CsvText>>> tidyCsvs;

    /**
     * @param tidyCsvs every tidy CSV by path, built from the results or empty when a run on them does
     *     not write it (the catalog's, {@code Catalog.tidyCsvs()})
     */
    public StatsStage(Map<String, Function<Results, Optional<CsvText>>> tidyCsvs) {
        this.tidyCsvs = new LinkedHashMap<>(tidyCsvs);
    }

    @Override
    public String name() {
        return "stats";
    }

    @Override
    public void run(PipelineContext context, Outputs out) {
        Results results = new Analysis(context.threads()).analyze(context.dataset(), context.verification());
        context.setResults(results);
        tidyCsvs.forEach((path, build) -> build.apply(results).ifPresent(csv -> out.putCsv(path, csv)));
        OfferedLoadCsvs.skips(results, out);
        V4Csvs.skips(results, out);
    }
}
