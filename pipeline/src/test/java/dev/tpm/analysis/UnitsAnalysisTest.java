package dev.tpm.analysis;

import dev.tpm.results.Metric;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.Estimate;
import dev.tpm.results.Ratio;
import dev.tpm.results.Unit;
import dev.tpm.results.Unit.IntervalGap;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** analysis.md 11 (version 5) on unit values built for each rule: hardware, gmean, the t interval, the per-unit ratio. */
class UnitsAnalysisTest {
    private static final Comparator<String> STACKS = Comparator.comparingInt(s -> List.of("go", "rust", "node").indexOf(s));
    private static final UnitsAnalysis.Settings DEFAULTS = new UnitsAnalysis.Settings(0.95, 3);
    private static final String CPU = "x86:AuthenticAMD:25:1:1";
    /** Three unit values and, computed by scipy (scripts/reference, case three_units), their t interval over the logs. */
    private static final double[] GO = {466.816656749, 803.092320599, 612.5};
    private static final double GO_GMEAN = 612.3588094493074;
    private static final double GO_LO = 312.14092183506426;
    private static final double GO_HI = 1201.3269817544617;
    /** rust = go x (5, 4, 6) on the three units; scipy's interval over ln 5, ln 4, ln 6 (t.ppf(0.975, 2)). */
    private static final double[] RUST_OVER_GO = {5, 4, 6};
    private static final double RATIO_GMEAN = 4.93242414866094;
    private static final double RATIO_LO = 2.97833646597031;
    private static final double RATIO_HI = 8.16858949963114;

    private static UnitsAnalysis.UnitValue value(String stack, double x) {
        return new UnitsAnalysis.UnitValue("m", Metric.W_RPS_PER_MIB.id(), stack, new Estimate(x, 0.9 * x, 1.1 * x));
    }

    /** go and rust on each unit u1.. of the values given. */
    private static Map<String, List<UnitsAnalysis.UnitValue>> units(double[] go, double[] rustOverGo) {
        Map<String, List<UnitsAnalysis.UnitValue>> v = new LinkedHashMap<>();
        for (int i = 0; i < go.length; i++) v.put("u" + (i + 1), List.of(value("go", go[i]), value("rust", go[i] * rustOverGo[i])));
        return v;
    }

    private static Map<String, String> cpus(Map<String, ?> units, String... ids) {
        Map<String, String> out = new HashMap<>();
        int i = 0;
        for (String u : units.keySet()) out.put(u, ids[i++]);
        return out;
    }

    /** SYNTHETIC probes of every unit within probe_tolerance of each other (version 6): the version-5 rules alone decide. */
    private static Map<String, Double> agreeing(Map<String, ?> units) {
        Map<String, Double> out = new HashMap<>();
        int i = 0;
        for (String u : units.keySet()) out.put(u, 1000.0 + 10 * i++);
        return out;
    }

    private static Unit row(List<Unit> rows, String stack) {
        return rows.stream().filter(u -> u.stack().equals(stack)).findFirst().orElseThrow();
    }

    /** Version 6: probes that differ by more than probe_tolerance, or a unit without one, leave no interval. */
    @Test
    void unitsWhoseProbesDifferOrAreMissingGetNoInterval() {
        var v = units(GO, RUST_OVER_GO);
        Map<String, String> cpu = cpus(v, CPU, CPU, CPU);
        Unit within = row(UnitsAnalysis.of("model", v, cpu, Map.of("u1", 1000.0, "u2", 1100.0, "u3", 1050.0), DEFAULTS, STACKS), "go");
        assertEquals(1.1, within.probeSpread(), 1e-12);
        assertEquals(GO_LO, within.lo(), 1e-9 * GO_LO, "spread 1.10 = 1 + probe_tolerance: still one machine state");
        assertEquals(List.of(1000.0, 1100.0, 1050.0), within.of().stream().map(dev.tpm.results.Unit.OfUnit::probeCpu).toList());
        Unit apart = row(UnitsAnalysis.of("model", v, cpu, Map.of("u1", 1000.0, "u2", 1650.0, "u3", 1050.0), DEFAULTS, STACKS), "go");
        assertEquals(1.65, apart.probeSpread(), 1e-12);
        assertEquals(Set.of(IntervalGap.PROBES_DIFFER), apart.gaps());
        assertTrue(Double.isNaN(apart.lo()) && Double.isNaN(apart.hi()) && Double.isNaN(apart.ratioLo()));
        assertEquals(GO_GMEAN, apart.gmean(), 1e-9, "the geometric mean stays; only the interval goes");
        assertNull(apart.tied());
        Unit missing = row(UnitsAnalysis.of("model", v, cpu, Map.of("u1", 1000.0, "u3", 1000.0), DEFAULTS, STACKS), "go");
        assertTrue(Double.isNaN(missing.probeSpread()));
        assertEquals(Set.of(IntervalGap.PROBE_MISSING), missing.gaps());
        assertTrue(Unit.noInterval(List.of(apart), 3, 0.10).contains("probe spread up to 1.65, more than 1 + probe_tolerance = 1.1"),
                Unit.noInterval(List.of(apart), 3, 0.10));
    }

    /** Version 6: probe_spread is over the units with a value for the row; a unit without one does not count. */
    @Test
    void probeSpreadIsOverTheUnitsWithAValue() {
        Map<String, List<UnitsAnalysis.UnitValue>> v = new LinkedHashMap<>(units(GO, RUST_OVER_GO));
        v.put("u4", List.of(value("rust", 3000))); // no go on u4, whose machine was much slower
        Map<String, Double> probes = Map.of("u1", 1000.0, "u2", 1000.0, "u3", 1000.0, "u4", 500.0);
        List<Unit> rows = UnitsAnalysis.of("model", v, cpus(v, CPU, CPU, CPU, CPU), probes, DEFAULTS, STACKS);
        assertEquals(1.0, row(rows, "go").probeSpread(), 0.0);
        assertEquals(2.0, row(rows, "rust").probeSpread(), 0.0);
        assertTrue(!row(rows, "go").gaps().contains(IntervalGap.PROBES_DIFFER));
        assertTrue(row(rows, "rust").gaps().contains(IntervalGap.PROBES_DIFFER));
    }

    @Test
    void threeUnitsOfOneCpuGetScipysTInterval() {
        var v = units(GO, RUST_OVER_GO);
        List<Unit> rows = UnitsAnalysis.of("model", v, cpus(v, CPU, CPU, CPU), agreeing(v), DEFAULTS, STACKS);
        assertEquals(List.of("go", "rust"), rows.stream().map(Unit::stack).toList(), "stack order");
        Unit go = row(rows, "go");
        assertEquals(CPU, go.hardware());
        assertEquals(3, go.units());
        assertEquals(GO_GMEAN, go.gmean(), 1e-9 * GO_GMEAN);
        assertEquals(GO_LO, go.lo(), 1e-9 * GO_LO);
        assertEquals(GO_HI, go.hi(), 1e-9 * GO_HI);
        assertEquals(GO[0], go.min());
        assertEquals(GO[1], go.max());
        assertEquals(GO[1] / GO[0], go.spread(), 1e-12);
        assertEquals(Set.of(), go.gaps());
        // rust is best (higher rps per MiB); go's ratio is taken within each unit: rust / go = 5, 4, 6
        assertEquals("rust", go.best());
        assertEquals(RATIO_GMEAN, go.ratio(), 1e-9 * RATIO_GMEAN);
        assertEquals(RATIO_LO, go.ratioLo(), 1e-9 * RATIO_LO);
        assertEquals(RATIO_HI, go.ratioHi(), 1e-9 * RATIO_HI);
        assertEquals(Boolean.FALSE, go.tied());
        Unit rust = row(rows, "rust");
        assertEquals(1.0, rust.ratio());
        assertTrue(Double.isNaN(rust.ratioLo()) && Double.isNaN(rust.ratioHi()));
        assertNull(rust.tied(), "the best's own row has no interval and an empty tied");
        assertTrue(!Double.isNaN(rust.lo()), "the best's gmean keeps its interval");
        assertEquals(List.of("u1", "u2", "u3"), go.devices());
        assertEquals(List.of(CPU, CPU, CPU), go.of().stream().map(dev.tpm.results.Unit.OfUnit::hardware).toList());
    }

    @Test
    void aRatioIntervalThatReachesOneIsATie() {
        var v = units(GO, new double[] {1.3, 0.9, 1.1});
        Unit go = row(UnitsAnalysis.of("model", v, cpus(v, CPU, CPU, CPU), agreeing(v), DEFAULTS, STACKS), "go");
        assertEquals("rust", go.best());
        assertTrue(go.ratioLo() <= 1, go.toString());
        assertEquals(Boolean.TRUE, go.tied());
    }

    @Test
    void twoUnitsGetNoInterval() {
        var v = units(new double[] {GO[0], GO[1]}, new double[] {5, 4});
        List<Unit> rows = UnitsAnalysis.of("model", v, cpus(v, CPU, CPU), agreeing(v), DEFAULTS, STACKS);
        Unit go = row(rows, "go");
        assertEquals(CPU, go.hardware());
        assertEquals(Math.sqrt(GO[0] * GO[1]), go.gmean(), 1e-9 * go.gmean());
        assertTrue(Double.isNaN(go.lo()) && Double.isNaN(go.hi()));
        assertEquals(Math.sqrt(20), go.ratio(), 1e-12);
        assertTrue(Double.isNaN(go.ratioLo()));
        assertNull(go.tied());
        assertEquals(Set.of(IntervalGap.TOO_FEW_UNITS), go.gaps());
        assertTrue(Unit.noInterval(rows, 3).contains("units too few (2 with a value; an interval needs min_units_ci = 3)"),
                Unit.noInterval(rows, 3));
        // min_units_ci = 2 would give the two units their (wide) interval
        Unit two = row(UnitsAnalysis.of("model", v, cpus(v, CPU, CPU), agreeing(v), new UnitsAnalysis.Settings(0.95, 2), STACKS), "go");
        assertTrue(two.lo() < two.gmean() && two.gmean() < two.hi());
    }

    @Test
    void mixedHardwareGetsNoIntervalWhateverTheNumberOfUnits() {
        var v = units(GO, RUST_OVER_GO);
        // two recorded values differ; the third unit records none: still mixed
        List<Unit> rows = UnitsAnalysis.of("model", v, cpus(v, CPU, "x86:AuthenticAMD:23:49:0", null), agreeing(v), DEFAULTS, STACKS);
        Unit go = row(rows, "go");
        assertEquals(Unit.MIXED, go.hardware());
        assertEquals(GO_GMEAN, go.gmean(), 1e-9 * GO_GMEAN);
        assertTrue(Double.isNaN(go.lo()) && Double.isNaN(go.ratioLo()));
        assertNull(go.tied());
        assertEquals(Set.of(IntervalGap.HARDWARE_MIXED), go.gaps());
        assertTrue(Unit.noInterval(rows, 3).startsWith("hardware mixed"), Unit.noInterval(rows, 3));
    }

    @Test
    void aUnitWithoutACpuIdLeavesTheHardwareEmpty() {
        var v = units(GO, RUST_OVER_GO);
        List<Unit> rows = UnitsAnalysis.of("model", v, cpus(v, CPU, null, CPU), agreeing(v), DEFAULTS, STACKS);
        Unit go = row(rows, "go");
        assertEquals("", go.hardware());
        assertEquals(List.of(CPU, "", CPU), go.of().stream().map(dev.tpm.results.Unit.OfUnit::hardware).toList());
        assertTrue(Double.isNaN(go.lo()));
        assertEquals(Set.of(IntervalGap.HARDWARE_NOT_RECORDED), go.gaps());
        assertTrue(Unit.noInterval(rows, 3).startsWith("hardware not recorded"), Unit.noInterval(rows, 3));
    }

    @Test
    void theHardwareRule() {
        assertEquals(CPU, UnitsAnalysis.hardware(List.of(CPU, CPU)));
        assertEquals("", UnitsAnalysis.hardware(List.of(CPU, "")));
        assertEquals("", UnitsAnalysis.hardware(java.util.Arrays.asList(null, null)));
        assertEquals(Unit.MIXED, UnitsAnalysis.hardware(List.of(CPU, "arm:0x41:0xd0b:0x4:1", "")));
    }

    @Test
    void aStackWithoutAValueOnAUnitIsComputedOverTheUnitsThatHaveOne() {
        Map<String, List<UnitsAnalysis.UnitValue>> v = new LinkedHashMap<>();
        v.put("u1", List.of(value("go", 100), value("rust", 500), value("node", 50)));
        v.put("u2", List.of(value("go", 300), value("rust", 900)));
        v.put("u3", List.of(value("go", 200), value("rust", 800), value("node", 40)));
        List<Unit> rows = UnitsAnalysis.of("model", v, cpus(v, CPU, CPU, CPU), agreeing(v), DEFAULTS, STACKS);
        Unit node = row(rows, "node");
        assertEquals(2, node.units());
        assertEquals("u2: no value", node.missing());
        assertEquals(Math.sqrt(50 * 40), node.gmean(), 1e-9);
        assertEquals(1.25, node.spread(), 1e-12);
        assertTrue(Double.isNaN(node.lo()), "two units with a value: fewer than min_units_ci");
        assertEquals(Set.of(IntervalGap.TOO_FEW_UNITS), node.gaps());
        assertEquals(Estimate.MISSING, node.of().get(1).estimate());
        // the ratio over the units with both: rust / node = 10 on u1, 20 on u3
        assertEquals("rust", node.best());
        assertEquals(Math.sqrt(10 * 20), node.ratio(), 1e-9);
        assertTrue(Double.isNaN(node.ratioLo()));
        Unit go = row(rows, "go");
        assertEquals("", go.missing());
        assertTrue(!Double.isNaN(go.lo()), "go has three units of one cpu: an interval");
        // the caption counts the units of the rows that lack an interval for too few units, not go's three
        assertTrue(Unit.noInterval(rows, 3).contains("units too few (2 with a value; an interval needs min_units_ci = 3)"),
                Unit.noInterval(rows, 3));
    }

    @Test
    void aValueAtOrBelowZeroLeavesTheGmeanEmpty() {
        Map<String, List<UnitsAnalysis.UnitValue>> v = new LinkedHashMap<>();
        v.put("u1", List.of(value("go", 0.0), value("rust", 5)));
        v.put("u2", List.of(value("go", 2.0), value("rust", 6)));
        v.put("u3", List.of(value("go", 3.0), value("rust", 7)));
        Unit go = row(UnitsAnalysis.of("model", v, cpus(v, CPU, CPU, CPU), agreeing(v), DEFAULTS, STACKS), "go");
        assertTrue(Double.isNaN(go.gmean()) && Double.isNaN(go.spread()) && Double.isNaN(go.ratio()));
        assertEquals(0.0, go.min());
        assertTrue(go.gaps().contains(IntervalGap.NO_GMEAN));
        assertEquals("rust", go.best());
    }

    /** Three units of one cpu with each stack's value scaled by a unit effect. */
    private static List<Unit> run(List<Double> stackValues, List<Double> unitEffects, double scale) {
        List<String> stacks = List.of("go", "rust", "node").subList(0, stackValues.size());
        Map<String, List<UnitsAnalysis.UnitValue>> v = new LinkedHashMap<>();
        Map<String, String> cpu = new HashMap<>();
        for (int u = 0; u < unitEffects.size(); u++) {
            List<UnitsAnalysis.UnitValue> mine = new ArrayList<>();
            // a stack-and-unit interaction, so that the ratios vary between units
            for (int s = 0; s < stacks.size(); s++) {
                mine.add(value(stacks.get(s), scale * unitEffects.get(u) * stackValues.get(s) * (1 + 0.1 * ((u + s) % 3))));
            }
            v.put("u" + u, mine);
            cpu.put("u" + u, CPU);
        }
        return UnitsAnalysis.of("model", v, cpu, agreeing(v), DEFAULTS, STACKS);
    }

    /** Multiplying every unit value by c multiplies gmean, lo, hi, min and max by c and leaves the ratios as they are. */
    @Property(tries = 80)
    void scalingEveryUnitValueScalesTheModelAndLeavesTheRatios(
            @ForAll @Size(min = 2, max = 3) List<@DoubleRange(min = 10, max = 1e5) Double> stackValues,
            @ForAll @Size(min = 3, max = 5) List<@DoubleRange(min = 0.2, max = 5) Double> unitEffects,
            @ForAll @DoubleRange(min = 0.01, max = 100) double c) {
        List<Unit> a = run(stackValues, unitEffects, 1);
        List<Unit> b = run(stackValues, unitEffects, c);
        for (int i = 0; i < a.size(); i++) {
            Unit x = a.get(i);
            Unit y = b.get(i);
            assertEquals(c * x.gmean(), y.gmean(), 1e-9 * c * x.gmean());
            assertEquals(c * x.lo(), y.lo(), 1e-9 * c * x.lo());
            assertEquals(c * x.hi(), y.hi(), 1e-9 * c * x.hi());
            assertEquals(x.best(), y.best());
            assertEquals(x.ratio(), y.ratio(), 1e-9 * x.ratio());
            if (Double.isNaN(x.ratioLo())) assertTrue(Double.isNaN(y.ratioLo()), "the best's row: " + y);
            else assertEquals(x.ratioLo(), y.ratioLo(), 1e-9 * Math.abs(x.ratioLo()));
            assertEquals(x.tied(), y.tied());
            assertTrue(y.lo() <= y.gmean() && y.gmean() <= y.hi(), "the interval contains the gmean: " + y);
        }
    }

    /** A unit effect shared by every stack cancels out of the ratio: it is the ratio of the stacks' own values. */
    @Property(tries = 80)
    void aUnitEffectSharedByEveryStackCancelsOutOfTheRatio(
            @ForAll @Size(min = 2, max = 3) List<@DoubleRange(min = 10, max = 1e5) Double> stackValues,
            @ForAll @Size(min = 3, max = 5) List<@DoubleRange(min = 0.2, max = 5) Double> unitEffects) {
        List<String> stacks = List.of("go", "rust", "node").subList(0, stackValues.size());
        Map<String, List<UnitsAnalysis.UnitValue>> v = new LinkedHashMap<>();
        Map<String, String> cpu = new HashMap<>();
        for (int u = 0; u < unitEffects.size(); u++) {
            List<UnitsAnalysis.UnitValue> mine = new ArrayList<>();
            for (int s = 0; s < stacks.size(); s++) mine.add(value(stacks.get(s), unitEffects.get(u) * stackValues.get(s)));
            v.put("u" + u, mine);
            cpu.put("u" + u, CPU);
        }
        List<Unit> rows = UnitsAnalysis.of("model", v, cpu, agreeing(v), DEFAULTS, STACKS);
        double best = stackValues.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        for (int s = 0; s < stacks.size(); s++) {
            Unit r = row(rows, stacks.get(s));
            assertEquals(best / stackValues.get(s), r.ratio(), 1e-9 * r.ratio(), r.toString());
            if (!r.stack().equals(r.best())) {
                // the same ratio on every unit: an interval of no width
                assertEquals(r.ratio(), r.ratioLo(), 1e-9 * r.ratio());
                assertEquals(r.ratio(), r.ratioHi(), 1e-9 * r.ratio());
            }
        }
    }
}
