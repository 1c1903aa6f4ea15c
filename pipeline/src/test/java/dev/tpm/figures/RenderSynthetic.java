package dev.tpm.figures;

import dev.tpm.paper.PaperCatalog;
import dev.tpm.output.Outputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Writes every figure of the SYNTHETIC fixture to a folder, for looking at them: {@code RenderSynthetic <dir>}. */
public final class RenderSynthetic {
    private RenderSynthetic() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/synthetic-figures");
        Outputs out = new Outputs();
        String which = args.length > 1 ? args[1] : "pi5";
        FiguresStage.run(PaperCatalog.CATALOG.figureBuilders(), switch (which) {
            case "hello" -> SyntheticResults.helloWorld();
            case "two" -> SyntheticResults.twoDevices();
            default -> SyntheticResults.pi5();
        }, out);
        for (Map.Entry<String, byte[]> e : out.files().entrySet()) {
            Path p = dir.resolve(e.getKey());
            Files.createDirectories(p.getParent());
            Files.write(p, e.getValue());
            System.out.println(p + " " + e.getValue().length);
        }
        out.skipped().forEach(s -> System.out.println("skipped " + s));
    }
}
