package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DerivedValueTest {
    @Test
    void aProductOfRoundedFactorsKeepsTheirDigitsAndShowsTheRangeTheyLeaveOpen() {
        DerivedValue python = DerivedValue.of("derived from a ratio in the text: .NET startup 44.1 ms x 10.7"
                + " (.NET is 10.7x faster than Python)").orElseThrow();
        assertEquals(3, python.significantDigits());
        // 44.05 x 10.65 = 469.13; 44.15 x 10.75 = 474.61
        assertEquals("~472 [469, 475]", python.text());
        DerivedValue node = DerivedValue.of("derived from a ratio in the text: .NET startup 44.1 ms x 4.1"
                + " (.NET is 4.1x faster than Node.js)").orElseThrow();
        assertEquals(2, node.significantDigits());
        // 44.05 x 4.05 = 178.40; 44.15 x 4.15 = 183.22; 180.81 to 2 digits is 1.8E+2
        assertEquals("~180 [178, 184]", node.text());
    }

    @Test
    void otherNotesAreNotDerivedValues() {
        assertTrue(DerivedValue.of("upper end of the range the text states for Python (1,780 to 2,236 req/s)").isEmpty());
        assertTrue(DerivedValue.of("").isEmpty());
    }
}
