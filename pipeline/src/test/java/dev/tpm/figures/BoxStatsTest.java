package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class BoxStatsTest {
    @Test
    void quartilesAreType7AsNumpyComputesThem() {
        // numpy.percentile(range(1, 11), [25, 50, 75]) == [3.25, 5.5, 7.75]
        BoxStats b = BoxStats.of(new double[] {10, 9, 8, 7, 6, 5, 4, 3, 2, 1});
        assertEquals(3.25, b.q1(), 1e-12);
        assertEquals(5.5, b.median(), 1e-12);
        assertEquals(7.75, b.q3(), 1e-12);
        assertEquals(1, b.lowerWhisker());
        assertEquals(10, b.upperWhisker());
        assertEquals(0, b.outliers().length);
    }

    @Test
    void whiskersStopAtTheLastRunInsideTheFencesAndTheRestAreOutliers() {
        // q1 3.25, q3 7.75, IQR 4.5: fences -3.5 and 14.5
        BoxStats b = BoxStats.of(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 100, Double.NaN});
        assertEquals(10, b.n());
        assertEquals(9, b.upperWhisker());
        assertEquals(1, b.lowerWhisker());
        assertArrayEquals(new double[] {100}, b.outliers());
    }

    @Test
    void aBoxNeedsAValue() {
        assertThrows(IllegalArgumentException.class, () -> BoxStats.of(new double[] {Double.NaN}));
    }

    @Property
    void everyRunIsInsideTheWhiskersOrAnOutlier(@ForAll @Size(min = 1, max = 60) double[] raw,
            @ForAll @DoubleRange(min = 0.1, max = 1e4) double scale) {
        double[] v = Arrays.stream(raw).map(x -> Double.isFinite(x) ? (x % 1e6) * scale : 0).toArray();
        BoxStats b = BoxStats.of(v);
        assertTrue(b.q1() <= b.median() && b.median() <= b.q3());
        assertTrue(b.lowerWhisker() <= b.upperWhisker());
        assertTrue(Arrays.stream(v).anyMatch(x -> x == b.lowerWhisker()), "a whisker ends at a run");
        assertTrue(Arrays.stream(v).anyMatch(x -> x == b.upperWhisker()), "a whisker ends at a run");
        long inside = Arrays.stream(v).filter(x -> x >= b.lowerWhisker() && x <= b.upperWhisker()).count();
        assertEquals(v.length, inside + b.outliers().length);
    }
}
