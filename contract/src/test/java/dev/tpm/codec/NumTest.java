package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class NumTest {
    @Test
    void writesTwelveSignificantDigitsInPlainOrScientificForm() {
        assertEquals("", Num.csv(Double.NaN));
        assertEquals("0", Num.csv(0.0));
        assertEquals("0", Num.csv(-0.0));
        assertEquals("0.5", Num.csv(0.5));
        assertEquals("310.25", Num.csv(310.25));
        assertEquals("0.333333333333", Num.csv(1.0 / 3));
        assertEquals("2461", Num.csv(2461.0));
        assertEquals("-1.5", Num.csv(-1.5));
        assertEquals("1.23456789012e-20", Num.csv(1.2345678901234e-20));
        assertEquals("1e-7", Num.csv(1e-7));
        assertEquals("0.000001", Num.csv(1e-6));
        assertEquals("1.5e15", Num.csv(1.5e15));
        assertEquals("inf", Num.csv(Double.POSITIVE_INFINITY));
        assertEquals("", Num.csv((Integer) null));
        assertEquals("true", Num.csv(true));
    }

    @Test
    void csvQuotesOnlyWhereNeeded() {
        String text = new CsvText("a", "b").row("x,y", "plain").row("say \"hi\"", "").toString();
        assertEquals("a,b\n\"x,y\",plain\n\"say \"\"hi\"\"\",\n", text);
    }

    @Property
    boolean roundTripsToTwelveDigits(@ForAll double x) {
        if (Double.isNaN(x) || Double.isInfinite(x) || x == 0) return true;
        double back = Double.parseDouble(Num.csv(x));
        return Math.abs(back - x) <= 1e-11 * Math.abs(x);
    }
}
