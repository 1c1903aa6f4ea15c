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
import dev.tpm.results.Estimate;
import dev.tpm.results.LatencyResolution;
import dev.tpm.results.LoadGenerator;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Results;
import dev.tpm.results.Verification;
import dev.tpm.results.Quantity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Latencies are printed only to the resolution of their load generator (outputs.md): autocannon's
 * whole milliseconds give "< 1" for a reported 0 and the table's note names the resolution, and no
 * table prints "0.00" for a latency. The campaigns and loadgen_summary rows here are synthetic.
 */
class LatencyResolutionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Results results(String study, String tool, List<LoadgenSummary> rows) {
        ObjectNode json = JSON.createObjectNode().put("study", study);
        Device d = Device.of("vm", "synthetic VM", null, 2, null, null, null, null, null, null, null, null, null, "none");
        ObjectNode lg = JSON.createObjectNode().put("tool", tool).put("host", "same");
        Campaign c = Campaigns.of("c1", d, lg, JSON.createObjectNode(),
                List.of(new StackInfo("node-express", "JavaScript", "Express", null, 1),
                        new StackInfo("node-fastify", "JavaScript", "Fastify", null, 1)), json);
        Dataset ds = new Dataset(Path.of("data"), AnalysisConfig.defaults(), ResultsFixture.mixes(), List.of(c), List.of(),
                List.of(), List.of(), List.of(), List.of());
        return new Results(dev.tpm.testing.TestFacts.of(ds, rows), new Verification(0, "0".repeat(64)), List.of(), List.of(), List.of(), List.of(),
                rows, List.of());
    }

    private static LoadgenSummary row(String study, String stack, String endpoint, int c, double p50, double p90, double p99) {
        return new LoadgenSummary("vm", study, 1, stack, endpoint, c, 5, 1000, 1100, p50, p90, p99, 50, 90, 1);
    }

    @Test
    void theToolDecidesTheResolution() {
        assertEquals(1.0, LoadGenerator.of(lg("autocannon", null)).latencyResolution().stepMs());
        assertEquals(0.001, LoadGenerator.of(lg("wrk", null)).latencyResolution().stepMs());
        assertEquals(0.01, LoadGenerator.of(lg("wrk", true))
                .latencyResolution().stepMs());
        assertEquals(0.0, LoadGenerator.of(lg("oha", null)).latencyResolution().stepMs());
        assertEquals(LatencyResolution.WHOLE_MS, LatencyResolution.coarsest(
                List.of(LatencyResolution.WRK_MICROSECONDS, LatencyResolution.WHOLE_MS, LatencyResolution.FULL)));
        assertEquals(0, LatencyResolution.WHOLE_MS.decimals());
        assertEquals(3, LatencyResolution.WRK_MICROSECONDS.decimals());
    }

    @Test
    void autocannonPrintsWholeMillisecondsAndLessThanOneForAZero() {
        Results r = results(Studies.NODE_PI, "autocannon", List.of(
                row(Studies.NODE_PI, "node-express", Endpoints.HELLO_JSON, 10, 1, 2, 3),
                row(Studies.NODE_PI, "node-fastify", Endpoints.HELLO_JSON, 10, 0, 0, 0)));
        ParsedMarkdown md = ParsedMarkdown.of(new NodePiTable().build(r));
        assertEquals(List.of("3", "< 1"), md.rows().stream().map(x -> md.cell(x, "p99 (ms)")).toList());
        String note = md.notes().stream().filter(n -> n.startsWith("Rounded")).findFirst().orElseThrow();
        assertTrue(note.contains("latency (ms) to whole ms") && note.contains("autocannon reports latency percentiles in whole"
                + " milliseconds") && note.contains("\"< 1\": a reported 0, under 1 ms"), note);
        assertFalse(note.contains("to 2 decimals (\"< 0.01\""), note);
    }

    @Test
    void wrkKeepsTwoDecimalsAndItsNoteSaysSo() {
        Results r = results(Studies.HELLO_BLOG, "wrk", List.of(row(Studies.HELLO_BLOG, "node-express", Endpoints.HELLO, 10, 0.004, 0.5, 3.456)));
        ParsedMarkdown md = ParsedMarkdown.of(new HelloBlogTable().build(r));
        List<String> row = md.rows().get(0);
        assertEquals("< 0.01", md.cell(row, "p50 (ms)"));
        assertEquals("0.50", md.cell(row, "p90 (ms)"));
        assertEquals("3.46", md.cell(row, "p99 (ms)"));
        assertTrue(md.notes().stream().anyMatch(n -> n.contains("latency (ms) to 2 decimals (\"< 0.01\" below that)")));
    }

    @Test
    void roundingOfLatencies() {
        assertEquals("< 1", Rounding.latency(0, LatencyResolution.WHOLE_MS));
        assertEquals("< 1", Rounding.latency(0.4, LatencyResolution.WHOLE_MS));
        assertEquals("3", Rounding.latency(2.5, LatencyResolution.WHOLE_MS));
        assertEquals("< 0.01", Rounding.latency(0, LatencyResolution.FULL));
        assertEquals("0.01", Rounding.latency(0.005, LatencyResolution.WRK_MICROSECONDS));
        assertEquals("n/a", Rounding.latency(Double.NaN, LatencyResolution.WHOLE_MS));
        assertEquals("< 1 [< 1, 2]", Rounding.ci(Quantity.LATENCY_MS, new Estimate(0, 0, 2), LatencyResolution.WHOLE_MS));
        assertEquals("< 0.01", Rounding.value(Quantity.LATENCY_MS, 0.0));
        // other quantities keep their zeros
        assertEquals("0.00", Rounding.value(Quantity.MIB, 0.0));
    }

    private static final Pattern ZERO = Pattern.compile("^0(\\.0+)?$|\\[0(\\.0+)?,|, 0(\\.0+)?\\]");

    @Provide
    Arbitrary<Double> latencies() {
        return Arbitraries.oneOf(Arbitraries.of(0.0, 0.001, 0.004, 0.0049999, 0.005, 0.49, 0.5, 0.999),
                Arbitraries.doubles().between(0, 5).ofScale(4), Arbitraries.doubles().between(0, 2000));
    }

    @Provide
    Arbitrary<String> tools() {
        return Arbitraries.of("wrk", "autocannon", "oha", "something-else");
    }

    @Property(tries = 300)
    void noTableEverPrintsAZeroLatency(@ForAll("latencies") double a, @ForAll("latencies") double b,
            @ForAll("latencies") double c, @ForAll("tools") String tool) {
        for (LatencyResolution res : List.of(LoadGenerator.of(lg(tool, null)).latencyResolution(),
                LatencyResolution.WHOLE_MS, LatencyResolution.WRK_TEXT, LatencyResolution.FULL)) {
            for (double x : new double[] {a, b, c}) {
                String s = Rounding.latency(x, res);
                assertFalse(ZERO.matcher(s).find(), x + " -> " + s);
            }
            String ci = Rounding.ci(Quantity.LATENCY_MS, new Estimate(Math.min(a, b), Math.min(Math.min(a, b), c), Math.max(a, c)), res);
            assertFalse(ZERO.matcher(ci).find(), ci);
        }
        List<TableModel> tables = new ArrayList<>();
        tables.add(new NodePiTable().build(results(Studies.NODE_PI, tool, List.of(
                row(Studies.NODE_PI, "node-express", Endpoints.HELLO_JSON, 10, a, b, c),
                row(Studies.NODE_PI, "node-fastify", Endpoints.HELLO_JSON, 10, c, a, b)))));
        tables.add(new HelloBlogTable().build(results(Studies.HELLO_BLOG, tool, List.of(
                row(Studies.HELLO_BLOG, "node-express", Endpoints.HELLO, 10, a, b, c),
                row(Studies.HELLO_BLOG, "node-fastify", Endpoints.HELLO, 50, b, c, a)))));
        // the paper tables of a device (the fixture's device, its latencies replaced by a, b and c)
        Results base = ResultsFixture.full();
        dev.tpm.results.DeviceResults d0 = base.devices().get(0);
        double lo = Math.min(a, Math.min(b, c));
        double hi = Math.max(a, Math.max(b, c));
        List<dev.tpm.results.GroupStat> g = d0.groupStats().stream().map(x -> !x.metric().startsWith("lat_") ? x
                : new dev.tpm.results.GroupStat(x.device(), x.stack(), x.endpoint(), x.metric(), x.n(), b, b, 0, lo, hi, lo, hi,
                        lo, hi, x.smallN())).toList();
        List<dev.tpm.results.SweepPoint> sweep = d0.sweep().stream().map(p -> new dev.tpm.results.SweepPoint(p.device(), p.stack(),
                p.concurrency(), p.n(), p.rps(), new Estimate(c, lo, hi), p.peakRssMib(), p.endpoints())).toList();
        dev.tpm.results.DeviceResults d = d0.toBuilder().groupStats(g).sweep(sweep).build();
        Results paper = new Results(base.facts(), base.verification(), base.stackOrder(), List.of(d), base.replication(),
                base.replicationTau());
        tables.add(new LatencyTable().build(paper, d));
        tables.add(new EndpointsTable().build(paper, d));
        if (!d.sweep().isEmpty()) tables.add(new SweepTable().build(paper, d));
        for (TableModel t : tables) {
            int checked = 0;
            for (int i = 0; i < t.columns().size(); i++) {
                if (!t.columns().get(i).header().contains("(ms)") && !t.columns().get(i).header().contains("p99 (")) continue;
                for (TableModel.Row row : t.rows()) {
                    String cell = row.cells().get(i);
                    assertFalse(ZERO.matcher(cell).find(), t.name() + " " + t.columns().get(i).header() + ": " + cell);
                    checked++;
                }
            }
            assertTrue(checked >= 2, t.name() + ": no latency cell checked");
        }
        assertEquals(tables.size(), d.sweep().isEmpty() ? 4 : 5);
    }

    private static dev.tpm.model.LoadGeneratorInfo lg(String tool, Boolean imported) {
        return new dev.tpm.model.LoadGeneratorInfo(tool, null, null, null, null, null, null, imported, java.util.Map.of());
    }
}
