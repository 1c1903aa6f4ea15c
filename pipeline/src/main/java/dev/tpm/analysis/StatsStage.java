package dev.tpm.analysis;

import dev.tpm.output.Outputs;
import dev.tpm.pipeline.PipelineContext;
import dev.tpm.pipeline.Stage;
import dev.tpm.results.Results;

/** The stats stage: computes the Results, hands them to later stages, and adds the tidy CSVs. */
public final class StatsStage implements Stage {
    @Override
    public String name() {
        return "stats";
    }

    @Override
    public void run(PipelineContext context, Outputs out) {
        Results results = new Analysis(context.threads()).analyze(context.dataset(), context.verification());
        context.setResults(results);
        TidyCsvs.writeAll(results, out);
        OfferedLoadCsvs.write(results, out);
        V4Csvs.write(results, out);
    }
}
