package dev.tpm.report;

import dev.tpm.figures.SyntheticResults;
import dev.tpm.output.Outputs;
import dev.tpm.results.Results;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Writes the report of the SYNTHETIC fixture (two devices) and its artifacts to a folder: {@code RenderReport <dir>}. */
public final class RenderReport {
    private RenderReport() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/synthetic-report");
        Results results = args.length > 1 && args[1].equals("one") ? SyntheticResults.pi5() : SyntheticResults.twoDevices();
        ReportStageTest.Run run = ReportStageTest.tablesAndFigures(results);
        ReportStageTest.report(run);
        Outputs out = run.out();
        for (Map.Entry<String, byte[]> e : out.files().entrySet()) {
            Path p = dir.resolve(e.getKey());
            Files.createDirectories(p.getParent());
            Files.write(p, e.getValue());
        }
        System.out.println(dir.resolve(ReportStageTest.PATH));
    }
}
