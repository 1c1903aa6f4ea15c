package dev.tpm.codec;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Numbers as the tidy CSVs write them (outputs.md): {@value #SIGNIFICANT_DIGITS} significant
 * digits, {@code .} as decimal point, empty for missing. Rounding goes through {@link BigDecimal},
 * so the text is the same on every JDK (Double.toString's digits changed in JDK 19).
 */
public final class Num {
    /** outputs.md asks for at least 9; 12 keeps the CSVs within 1e-11 relative of the doubles. */
    public static final int SIGNIFICANT_DIGITS = 12;
    private static final MathContext CONTEXT = new MathContext(SIGNIFICANT_DIGITS, RoundingMode.HALF_EVEN);

    private Num() {}

    /** Full-precision text of x; NaN (missing) is empty; infinities are {@code inf}/{@code -inf}. */
    public static String csv(double x) {
        if (Double.isNaN(x)) return "";
        if (Double.isInfinite(x)) return x > 0 ? "inf" : "-inf";
        if (x == 0) return "0";
        BigDecimal d = new BigDecimal(x).round(CONTEXT).stripTrailingZeros();
        double abs = Math.abs(x);
        if (abs >= 1e-6 && abs < 1e15) return d.toPlainString();
        // scientific with a lower-case e, as numpy and R print it: 1.23456789012e-20
        String s = d.toString().replace('E', 'e');
        return s.replace("e+", "e");
    }

    public static String csv(long x) {
        return Long.toString(x);
    }

    /** Null (missing) is empty. */
    public static String csv(Integer x) {
        return x == null ? "" : Integer.toString(x);
    }

    /** Null (missing) is empty. */
    public static String csv(Long x) {
        return x == null ? "" : Long.toString(x);
    }

    public static String csv(boolean b) {
        return b ? "true" : "false";
    }
}
