package dev.tpm.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.ingest.Dataset;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.GroupSample;
import dev.tpm.results.Results;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Results do not depend on the order of the runs in the tables, on the order in which groups are
 * processed, or on the number of threads (analysis.md 2: "results do not change when groups are
 * processed in another order or in parallel, and two runs give identical bytes").
 */
class AnalysisProperties {
    private static final int B = 300;
    private static final Map<String, String> BASELINE = fingerprint(new Analysis(1).analyze(SmallStudy.build(B).build(),
            AnalysisTest.VERIFIED));

    @Property(tries = 8)
    void invariantUnderPermutationOfRuns(@ForAll long seed) {
        Dataset shuffled = SmallStudy.build(B).build(new Random(seed));
        assertEquals(BASELINE, fingerprint(new Analysis(1).analyze(shuffled, AnalysisTest.VERIFIED)));
    }

    @Property(tries = 8)
    void invariantUnderProcessingOrderOfGroupsAndStacks(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int threads) {
        Results r = new Analysis(threads, new Random(seed)).analyze(SmallStudy.build(B).build(), AnalysisTest.VERIFIED);
        assertEquals(BASELINE, fingerprint(r));
    }

    @Test
    void oneAndManyThreadsGiveIdenticalBytes() {
        Dataset data = SmallStudy.build(B).build();
        Results one = new Analysis(1).analyze(data, AnalysisTest.VERIFIED);
        Results many = new Analysis(4).analyze(data, AnalysisTest.VERIFIED);
        assertEquals(fingerprint(one), fingerprint(many));
        DeviceResults a = one.devices().get(0);
        DeviceResults b = many.devices().get(0);
        assertEquals(a.groupStats(), b.groupStats());
        assertEquals(a.weighted(), b.weighted());
        assertEquals(a.implications(), b.implications());
        assertEquals(a.samples().size(), b.samples().size());
        for (int i = 0; i < a.samples().size(); i++) assertArrayEquals(a.samples().get(i).values(), b.samples().get(i).values());
    }

    /** Every tidy CSV's text plus what the CSVs do not show (samples, implications, frontier, taus). */
    static Map<String, String> fingerprint(Results r) {
        Map<String, String> out = new LinkedHashMap<>();
        dev.tpm.paper.PaperCatalog.CATALOG.tidyCsvs().forEach((path, build) -> build.apply(r).ifPresent(csv -> out.put(path, csv.toString())));
        for (DeviceResults d : r.devices()) {
            StringBuilder s = new StringBuilder();
            for (GroupSample g : d.samples()) {
                s.append(g.stack()).append(g.endpoint()).append(g.metric()).append(java.util.Arrays.toString(g.values())).append('\n');
            }
            out.put(d.id() + "/samples", s.toString());
            out.put(d.id() + "/implications", d.implications().toString());
            out.put(d.id() + "/pareto", d.paretoFrontier().toString());
            out.put(d.id() + "/runCounts", d.runCounts().toString());
            out.put(d.id() + "/stacks", d.stacks().toString());
        }
        out.put("taus", r.replicationTau().toString());
        out.put("stackOrder", r.stackOrder().toString());
        return out;
    }

}
