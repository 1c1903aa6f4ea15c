package dev.tpm.figures;

import dev.tpm.paper.PaperCatalog;
import dev.tpm.output.Outputs;
import dev.tpm.results.Results;
import java.util.Map;

/**
 * The figures stage's outputs for the SYNTHETIC fixtures, rendered once per test JVM (rendering is
 * the slow part) and handed out as fresh copies.
 */
public final class RenderedFixtures {
    private static Outputs pi5;
    private static Outputs twoDevices;

    private RenderedFixtures() {}

    /** Figures of {@link SyntheticResults#pi5()}. */
    public static synchronized Outputs pi5() {
        if (pi5 == null) pi5 = render(SyntheticResults.pi5());
        return copy(pi5);
    }

    /** Figures of {@link SyntheticResults#twoDevices()}. */
    public static synchronized Outputs twoDevices() {
        if (twoDevices == null) twoDevices = render(SyntheticResults.twoDevices());
        return copy(twoDevices);
    }

    private static Outputs render(Results results) {
        Outputs out = new Outputs();
        FiguresStage.run(PaperCatalog.CATALOG.figureBuilders(), results, out);
        return out;
    }

    /** A new Outputs holding the same files and skip lines, to which more can be added. */
    public static Outputs copy(Outputs from) {
        Outputs to = new Outputs();
        for (Map.Entry<String, byte[]> e : from.files().entrySet()) to.put(e.getKey(), e.getValue());
        for (String s : from.skipped()) {
            int colon = s.indexOf(": ");
            to.skip(s.substring(0, colon), s.substring(colon + 2));
        }
        return to;
    }
}
