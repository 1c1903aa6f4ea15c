package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LeftOutTest {
    @Test
    void nothingLeftOutSaysNothing() {
        assertTrue(LeftOut.NONE.isEmpty());
        assertEquals("", LeftOut.NONE.sentence());
        assertEquals("", LeftOut.of("no memory series", List.of()).captionSuffix());
    }

    @Test
    void stacksWithOneReasonAreListedWithCommas() {
        LeftOut l = LeftOut.of("no measured startup", List.of("rust", "go"));
        assertEquals("Not shown (no measured startup): rust, go.", l.sentence());
        assertEquals(" Not shown (no measured startup): rust, go.", l.captionSuffix());
        assertEquals(List.of("rust", "go"), l.stackIds());
    }

    @Test
    void stacksWithTheirOwnReasonsAreListedWithSemicolons() {
        LeftOut l = new LeftOut("no weighted value", List.of(
                new LeftOut.Stack("rust", "delete_item: 0 measured of 10 (10 error_rate)"), new LeftOut.Stack("go", "")));
        assertEquals("Not shown (no weighted value): rust (delete_item: 0 measured of 10 (10 error_rate)); go.", l.sentence());
    }
}
