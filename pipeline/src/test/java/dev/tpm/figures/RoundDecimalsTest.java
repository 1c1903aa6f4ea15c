package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * FigureWriter.roundDecimals is the regular expression {@code -?\d+\.\d{3,}} with each match
 * replaced by BigDecimal's half-even rounding to 2 decimals, on any text.
 */
class RoundDecimalsTest {
    private static final Pattern LONG_DECIMAL = Pattern.compile("-?\\d+\\.\\d{3,}");

    /** The definition: a regular expression and BigDecimal. */
    static String reference(String svg) {
        Matcher m = LONG_DECIMAL.matcher(svg);
        StringBuilder out = new StringBuilder(svg.length());
        while (m.find()) {
            BigDecimal d = new BigDecimal(m.group()).setScale(FigureWriter.SVG_DECIMALS, RoundingMode.HALF_EVEN);
            m.appendReplacement(out, d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString());
        }
        m.appendTail(out);
        return out.toString();
    }

    @Property(tries = 3_000)
    void sameAsTheRegularExpressionAndBigDecimal(@ForAll("svgLike") String text) {
        assertEquals(reference(text), FigureWriter.roundDecimals(text));
    }

    /** Texts of digits, points, minus signs and a few other characters, so that numbers touch. */
    @Provide
    Arbitrary<String> svgLike() {
        return Arbitraries.strings().withChars("0123456789.-9950 \"xM,").ofMinLength(0).ofMaxLength(60);
    }

    @Test
    void tiesCarriesAndZeros() {
        String in = "a0.125 b0.135 c-0.005 d-0.015 e9.995 f99.9999 g-0.0049 h100.001 i007.1250001 j1.2.3456 k-12.3 l1-2.3456";
        assertEquals(reference(in), FigureWriter.roundDecimals(in));
        assertEquals("a0.12 b0.14 c0 d-0.02 e10 f100 g0 h100 i7.13 j1.2.35 k-12.3 l1-2.35", FigureWriter.roundDecimals(in));
    }
}
