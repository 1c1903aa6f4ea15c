package dev.tpm.report;

import dev.tpm.paper.PaperCatalog;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.analysis.StatsStage;
import dev.tpm.figures.FigureBuilder;
import dev.tpm.figures.FiguresStage;
import dev.tpm.output.Outputs;
import dev.tpm.pipeline.Pipeline;
import dev.tpm.testing.SyntheticData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Figures and report on what the analysis really hands on: the SYNTHETIC example campaign through
 * ingest, verify and the stats stage, then the figures and report stages.
 */
class ReportOnAnalysisTest {
    @TempDir
    Path tmp;

    @Test
    void everyFigureIsDrawnFromTheAnalysisAndTheReportLinksOnlyToArtifacts() throws Exception {
        Path data = tmp.resolve("data");
        SyntheticData.writeAll(data, true); // with its synthetic phase 4: every figure has its data
        StringWriter log = new StringWriter();
        Outputs out = new Pipeline(data, 2, new PrintWriter(log),
                List.of(new StatsStage(dev.tpm.paper.PaperCatalog.CATALOG.tidyCsvs()), new FiguresStage(PaperCatalog.CATALOG.figureBuilders()), new ReportStage(PaperCatalog.CATALOG))).generate();
        for (FigureBuilder f : PaperCatalog.CATALOG.figureBuilders()) {
            // the example has no phase 5: warm_cold is tested on synthetic phase-5 runs (V4TablesTest)
            // nor a probe.csv (version 6): the probe figure is tested on synthetic probes (ProbeFigureTest)
            if (f.name().equals("warm_cold") || f.name().equals("probe")) continue;
            assertTrue(out.contains("figures/" + f.name() + ".png"), f.name() + "\n" + log);
            assertTrue(out.contains("figures/" + f.name() + ".svg"), f.name());
        }
        assertEquals(List.of(), out.skipped().stream().filter(s -> s.startsWith("figures/") && !s.startsWith("figures/warm_cold")
                && !s.startsWith("figures/probe")).toList());
        String html = new String(out.get(ReportStageTest.PATH), StandardCharsets.UTF_8);
        List<String> links = ReportStageTest.links(html);
        for (String link : links) {
            if (link.startsWith("#")) continue;
            String path = URI.create(ReportStageTest.PATH).resolve(link).getPath();
            assertTrue(out.contains(path), link);
        }
        assertTrue(links.contains("pareto.png") && links.contains("../tables/weighted.csv"), links.toString());
    }
}
