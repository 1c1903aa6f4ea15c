package dev.tpm.tables;

import dev.tpm.testing.Campaigns;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.ingest.Dataset;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.Endpoints;
import dev.tpm.model.StackInfo;
import dev.tpm.model.Studies;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Results;
import dev.tpm.results.Verification;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The seed-study tables say which stacks' runs saturated their host (synthetic loadgen_summary rows). */
class StudySaturationTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Results results(String study, List<LoadgenSummary> rows) {
        return results(study, List.of(new StackInfo("fast", "Rust", "hyper", null, 1), new StackInfo("slow", "Python", "flask", null, 1)),
                rows);
    }

    private static Results results(String study, List<StackInfo> stacks, List<LoadgenSummary> rows) {
        ObjectNode json = JSON.createObjectNode().put("study", study);
        Device d = Device.of("vm", "synthetic VM", null, 2, null, null, null, null, null, null, null, null, null, "none");
        Campaign c = Campaigns.of("c1", d, JSON.createObjectNode().put("host", "same"), JSON.createObjectNode(), stacks, json);
        Dataset ds = new Dataset(Path.of("data"), AnalysisConfig.defaults(), ResultsFixture.mixes(), List.of(c), List.of(),
                List.of(), List.of(), List.of(), List.of());
        return new Results(dev.tpm.testing.TestFacts.of(ds, rows), new Verification(0, "0".repeat(64)), List.of(), List.of(), List.of(), List.of(),
                rows, List.of());
    }

    private static LoadgenSummary row(String study, String stack, String endpoint, int n, double hostBusy, Integer saturated) {
        return new LoadgenSummary("vm", study, 1, stack, endpoint, 100, n, 1000, 1100, 1, 2, 3, 10, 90, 1, hostBusy, saturated);
    }

    @Test
    void appServersHasAColumnAndANoteNamingTheSaturatedStacks() {
        Results r = results(Studies.APP_SERVERS, List.of(row(Studies.APP_SERVERS, "fast", Endpoints.HELLO, 7, 0.9753, 6),
                row(Studies.APP_SERVERS, "slow", Endpoints.HELLO, 7, 0.61, 0)));
        ParsedMarkdown md = ParsedMarkdown.of(new AppServersTable().build(r));
        assertEquals("6 of 7", md.cell(md.rows().stream().filter(x -> x.toString().contains("(fast)")).findFirst().orElseThrow(),
                "host saturated"));
        assertEquals("0 of 7", md.cell(md.rows().stream().filter(x -> x.toString().contains("(slow)")).findFirst().orElseThrow(),
                "host saturated"));
        String note = md.notes().stream().filter(n -> n.startsWith("Host saturated")).findFirst().orElseThrow();
        assertTrue(note.contains("fast (vm, hello c=100: 6 of 7 runs, host busy 97.5 %)"), note);
        assertFalse(note.contains("slow ("), note);
        assertTrue(note.contains("describe the pair, not the server alone"), note);
    }

    @Test
    void helloBlogSaysNoRunSaturatedAndNaWithoutTheHostColumns() {
        Results r = results(Studies.HELLO_BLOG, List.of(row(Studies.HELLO_BLOG, "fast", Endpoints.HELLO, 5, 0.5, 0),
                row(Studies.HELLO_BLOG, "slow", Endpoints.HELLO, 5, Double.NaN, null)));
        ParsedMarkdown md = ParsedMarkdown.of(new HelloBlogTable().build(r));
        assertEquals(List.of("0 of 5", "n/a"), md.rows().stream().map(x -> md.cell(x, "host saturated")).toList());
        assertTrue(md.notes().stream().anyMatch(n -> n.startsWith("Host saturation") && n.endsWith("no measured run saturated its host.")),
                md.notes().toString());
        // no row with the host columns: no such note at all
        Results separate = results(Studies.HELLO_BLOG, List.of(row(Studies.HELLO_BLOG, "fast", Endpoints.HELLO, 5, Double.NaN, null)));
        assertFalse(ParsedMarkdown.of(new HelloBlogTable().build(separate)).notes().stream().anyMatch(n -> n.startsWith("Host satur")));
    }

    @Test
    void helloBlogNextHasTheColumnAndNotesSaturationAtOneThousandConnectionsToo() {
        String study = Studies.HELLO_BLOG_NEXT;
        List<StackInfo> stacks = List.of(new StackInfo("flask-dev", "Python", "Flask", null, 1),
                new StackInfo("go-http", "Go", "net/http", null, 1));
        Results r = results(study, stacks, List.of(
                new LoadgenSummary("vm", study, 1, "flask-dev", Endpoints.HELLO, 50, 5, 2000, 2100, 1, 2, 3, 30, 100, 1, 0.6, 0),
                new LoadgenSummary("vm", study, 1, "go-http", Endpoints.HELLO, 50, 5, 40000, 41000, 1, 2, 3, 10, 120, 20, 0.97, 4),
                new LoadgenSummary("vm", study, 2, "go-http", Endpoints.HELLO, 1000, 5, 30000, 31000, 9, 20, 40, 20, 130, 1, 0.991, 5)));
        ParsedMarkdown md = ParsedMarkdown.of(new HelloBlogNextTable().build(r));
        assertEquals("0 of 5", md.cell(md.row("vm", "JSON", "flask-dev"), "host saturated"));
        assertEquals("4 of 5", md.cell(md.row("vm", "JSON", "go-http"), "host saturated"));
        assertEquals("5 of 5", md.cell(md.row("vm", "c = 1000", "go-http"), "host saturated"));
        // a stack no campaign lists has no runs to count
        assertEquals("", md.cell(md.row("vm", "Go", "go-gin"), "host saturated"));
        String note = md.notes().stream().filter(n -> n.startsWith("Host saturated")).findFirst().orElseThrow();
        assertTrue(note.contains("go-http (vm, hello c=50: 4 of 5 runs, host busy 97.0 %); go-http (vm, hello c=1000: 5 of 5 runs,"
                + " host busy 99.1 %)"), note);
        assertFalse(note.contains("flask-dev ("), note);
    }

    @Test
    void nodePiNotesTheSaturatedStacksOfItsRows() {
        Results r = results(Studies.NODE_PI, List.of(row(Studies.NODE_PI, "fast", Endpoints.HELLO_JSON, 5, 1.02, 5),
                row(Studies.NODE_PI, "fast", Endpoints.HEAVY, 5, 0.99, 4)));
        ParsedMarkdown md = ParsedMarkdown.of(new NodePiTable().build(r));
        String note = md.notes().stream().filter(n -> n.startsWith("Host saturated")).findFirst().orElseThrow();
        assertTrue(note.contains("fast (vm, hello_json c=100: 5 of 5 runs, host busy 102.0 %); fast (vm, heavy c=100: 4 of 5"), note);
    }
}
