package dev.tpm.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.Estimate;
import dev.tpm.results.Ratio;
import dev.tpm.results.Unit;
import dev.tpm.stats.Bootstrap;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** analysis.md 11's rules on synthetic unit values: the row's statistics, the two-level bootstrap, and its invariants. */
class UnitsAnalysisTest {
    private static final int B = 400;
    private static final Comparator<String> STACKS = Comparator.comparingInt(s -> List.of("go", "rust", "node").indexOf(s));

    /** A unit value whose replicates scatter around it (deterministic per seed). */
    private static UnitsAnalysis.UnitValue value(String stack, double x, long seed) {
        Random r = new Random(seed);
        double[] reps = new double[B];
        for (int b = 0; b < B; b++) reps[b] = x * (1 + 0.05 * r.nextGaussian());
        var ci = Bootstrap.percentileInterval(reps, 0.95);
        return new UnitsAnalysis.UnitValue("m", Ratio.W_RPS, stack, new Estimate(x, ci.lo(), ci.hi()), reps);
    }

    private static List<Unit> run(Map<String, List<UnitsAnalysis.UnitValue>> values) {
        return UnitsAnalysis.of("model", values, 11L, B, STACKS, reps -> Bootstrap.percentileInterval(reps, 0.95));
    }

    private static Unit row(List<Unit> rows, String stack) {
        return rows.stream().filter(u -> u.stack().equals(stack)).findFirst().orElseThrow();
    }

    @Test
    void meanMinMaxSpreadAndTheRatioOfMeans() {
        Map<String, List<UnitsAnalysis.UnitValue>> v = new LinkedHashMap<>();
        v.put("u2", List.of(value("go", 300, 1), value("rust", 900, 2)));
        v.put("u1", List.of(value("go", 100, 3), value("rust", 500, 4)));
        List<Unit> rows = run(v);
        assertEquals(List.of("go", "rust"), rows.stream().map(Unit::stack).toList(), "stack order");
        Unit go = row(rows, "go");
        assertEquals(2, go.units());
        assertEquals(200, go.mean(), 1e-12);
        assertEquals(100, go.min());
        assertEquals(300, go.max());
        assertEquals(3, go.spread(), 1e-12);
        assertEquals("rust", go.best());
        assertEquals(700.0 / 200, go.ratio(), 1e-12);
        assertEquals(List.of("u1", "u2"), go.devices(), "units in id order");
        assertEquals(100, go.unitEstimates().get(0).value());
        assertTrue(go.lo() < go.mean() && go.mean() < go.hi(), go.toString());
        assertTrue(go.ratioLo() <= go.ratio() && go.ratio() <= go.ratioHi(), go.toString());
        assertEquals(Boolean.FALSE, go.tied());
        Unit rust = row(rows, "rust");
        assertEquals(1.0, rust.ratio());
        assertTrue(Double.isNaN(rust.ratioLo()));
        assertEquals(Boolean.TRUE, rust.tied());
        assertEquals(rows, run(v), "deterministic for the same data and seed");
    }

    @Test
    void aStackWithoutAValueOnAUnitKeepsItsRowEmptyAndNamesTheUnit() {
        Map<String, List<UnitsAnalysis.UnitValue>> v = new LinkedHashMap<>();
        v.put("u1", List.of(value("go", 100, 1), value("rust", 500, 2)));
        v.put("u2", List.of(value("go", 300, 3)));
        Unit rust = row(run(v), "rust");
        assertEquals(1, rust.units());
        assertEquals("u2: no value", rust.missing());
        assertTrue(Double.isNaN(rust.mean()) && Double.isNaN(rust.lo()) && Double.isNaN(rust.ratio()));
        assertEquals("", rust.best());
        assertNull(rust.tied());
        Unit go = row(run(v), "go");
        assertEquals("go", go.best(), "the only stack with a value on every unit is the best");
    }

    @Test
    void aUnitWithoutReplicatesLeavesTheIntervalsEmpty() {
        Map<String, List<UnitsAnalysis.UnitValue>> v = new LinkedHashMap<>();
        v.put("u1", List.of(value("go", 100, 1), value("rust", 500, 2)));
        UnitsAnalysis.UnitValue small = new UnitsAnalysis.UnitValue("m", Ratio.W_RPS, "go", new Estimate(300, Double.NaN, Double.NaN),
                null);
        v.put("u2", List.of(small, value("rust", 900, 3)));
        List<Unit> rows = run(v);
        Unit go = row(rows, "go");
        assertEquals(200, go.mean(), 1e-12);
        assertTrue(Double.isNaN(go.lo()) && Double.isNaN(go.ratioLo()));
        assertNull(go.tied());
        assertTrue(!Double.isNaN(row(rows, "rust").lo()), "rust has replicates on both units");
    }

    @Test
    void theSameDrawsServeEveryStack() {
        var draws = UnitsAnalysis.Draws.of(5L, "m", 3, 50);
        double[][] a = {new double[50], new double[50], new double[50]};
        for (int u = 0; u < 3; u++) java.util.Arrays.fill(a[u], u);
        // a unit drawn twice counts twice: the replicate is the mean of the drawn units' indices
        double[] r = draws.combine(a);
        for (int b = 0; b < 50; b++) {
            double mean = 0;
            for (int u : draws.unit()[b]) mean += u;
            assertEquals(mean / 3, r[b], 1e-12);
        }
    }

    /** A unit effect that multiplies every stack's throughput alike leaves the ratios unchanged. */
    @Property(tries = 60)
    void aUnitEffectSharedByEveryStackLeavesTheRatiosUnchanged(
            @ForAll @Size(min = 2, max = 3) List<@DoubleRange(min = 10, max = 1e5) Double> stackValues,
            @ForAll @Size(min = 2, max = 4) List<@DoubleRange(min = 0.2, max = 5) Double> unitEffects) {
        List<String> stacks = List.of("go", "rust", "node").subList(0, stackValues.size());
        Map<String, List<UnitsAnalysis.UnitValue>> v = new LinkedHashMap<>();
        Map<String, List<UnitsAnalysis.UnitValue>> one = new LinkedHashMap<>();
        for (int u = 0; u < unitEffects.size(); u++) {
            List<UnitsAnalysis.UnitValue> mine = new ArrayList<>();
            for (int s = 0; s < stacks.size(); s++) mine.add(value(stacks.get(s), unitEffects.get(u) * stackValues.get(s), 10L * u + s));
            v.put("u" + u, mine);
        }
        List<Unit> rows = run(v);
        double best = stackValues.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        for (int s = 0; s < stacks.size(); s++) {
            Unit r = row(rows, stacks.get(s));
            assertEquals(best / stackValues.get(s), r.ratio(), 1e-9 * r.ratio(), r.toString());
            double effects = unitEffects.stream().mapToDouble(Double::doubleValue).sum() / unitEffects.size();
            assertEquals(effects * stackValues.get(s), r.mean(), 1e-9 * r.mean());
        }
    }

    /** Two units with identical runs give the model the unit's own values. */
    @Property(tries = 60)
    void twoIdenticalUnitsGiveTheModelTheUnitsOwnValues(
            @ForAll @Size(min = 2, max = 3) List<@DoubleRange(min = 10, max = 1e5) Double> stackValues,
            @ForAll @IntRange(min = 0, max = 1000) int seed) {
        List<String> stacks = List.of("go", "rust", "node").subList(0, stackValues.size());
        List<UnitsAnalysis.UnitValue> unit = new ArrayList<>();
        for (int s = 0; s < stacks.size(); s++) unit.add(value(stacks.get(s), stackValues.get(s), seed + s));
        Map<String, List<UnitsAnalysis.UnitValue>> v = new LinkedHashMap<>();
        v.put("a", unit);
        v.put("b", unit);
        List<Unit> rows = run(v);
        List<RatioAnalysis.Candidate> own = unit.stream()
                .map(x -> new RatioAnalysis.Candidate(x.stack(), x.estimate().value(), x.replicates())).toList();
        List<Ratio> ratios = RatioAnalysis.of("a", "m", Ratio.W_RPS, own, reps -> Bootstrap.percentileInterval(reps, 0.95));
        for (UnitsAnalysis.UnitValue x : unit) {
            Unit r = row(rows, x.stack());
            Ratio mine = ratios.stream().filter(q -> q.stack().equals(x.stack())).findFirst().orElseThrow();
            assertEquals(x.estimate().value(), r.mean(), 1e-9 * r.mean());
            assertEquals(1.0, r.spread(), 1e-12);
            assertEquals(mine.best(), r.best());
            assertEquals(mine.ratio(), r.ratio(), 1e-9 * r.ratio());
            double lo = java.util.Arrays.stream(x.replicates()).min().orElseThrow();
            double hi = java.util.Arrays.stream(x.replicates()).max().orElseThrow();
            assertTrue(lo <= r.lo() && r.hi() <= hi, "the model's interval lies within the unit's replicates");
        }
    }
}
