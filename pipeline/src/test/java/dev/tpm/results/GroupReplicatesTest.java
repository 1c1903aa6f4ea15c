package dev.tpm.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GroupReplicatesTest {
    private static final String A = GroupReplicates.key("d", "s", 1, "go-fasthttp", "hello", 50);
    private static final String B = GroupReplicates.key("d", "s", 1, "go-http", "hello", 50);
    private static final String SMALL = GroupReplicates.key("d", "s", 1, "go-gin", "hello", 50);

    /** The interval function sees ratio_b = a_b / b_b, replicate by replicate (min and max here). */
    @Test
    void ratioIntervalDividesReplicateByReplicate() {
        GroupReplicates g = new GroupReplicates(Map.of(A, new double[] {4, 9, 6}, B, new double[] {2, 3, 1}),
                r -> new double[] {Arrays.stream(r).min().getAsDouble(), Arrays.stream(r).max().getAsDouble()}, 5);
        assertArrayEquals(new double[] {2, 6}, g.ratioInterval(A, B));
        assertArrayEquals(new double[] {1.0 / 6, 0.5}, g.ratioInterval(B, A), 1e-12);
        assertEquals(5, g.minN());
    }

    @Test
    void aGroupWithoutReplicatesHasNoInterval() {
        GroupReplicates g = new GroupReplicates(Map.of(A, new double[] {1, 2}), r -> new double[] {0, 0}, 5);
        assertNull(g.ratioInterval(A, SMALL));
        assertNull(g.ratioInterval(SMALL, A));
    }

    @Test
    void replicatesOfDifferentBAreAnError() {
        GroupReplicates g = new GroupReplicates(Map.of(A, new double[] {1, 2}, B, new double[] {1}), r -> r, 5);
        assertThrows(IllegalArgumentException.class, () -> g.ratioInterval(A, B));
    }
}
