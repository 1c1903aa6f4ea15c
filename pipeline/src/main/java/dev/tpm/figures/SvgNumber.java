package dev.tpm.figures;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * An SVG's numbers: a double written with at most a given number of decimals, rounded half-even,
 * without trailing zeros, "0" for any value that rounds to zero (never "-0").
 *
 * <p>The rounding is that of the double's shortest decimal representation (what
 * {@code Double.toString} prints from JDK 19 on), not of its exact binary value: 0.165, whose
 * double is 0.16500000000000000777..., is written 0.16, as {@code BigDecimal.valueOf(0.165)
 * .setScale(2, RoundingMode.HALF_EVEN)} gives. The SVGs were written that way when their
 * coordinates were printed in full and rounded on the digits afterwards, and a tie is a tie on
 * every JDK this way.
 *
 * <p>How, for {@code |d| * 10^decimals} below 2^47 (the rest goes through BigDecimal): with
 * {@code n = floor(d * 10^decimals)}, the value lies between n and n + 1, and the tie is the
 * decimal {@code T = (2n + 1) / (2 * 10^decimals)}. The division {@code (2n + 1) / (2.0 *
 * 10^decimals)} of two exact doubles is correctly rounded, so it is the double nearest to T. If that
 * is d, d's shortest representation is T itself (no shorter decimal lies within half a unit in the
 * last place of a double this small), a tie, rounded to the even neighbour. Otherwise T lies
 * outside d's rounding interval, and d, its shortest representation and its exact value are all
 * on the same side of T as d is of that nearest double. A {@code floor} one too high (the product
 * rounded up onto the next integer) gives the same result, since d is then far below the tie above.
 */
final class SvgNumber {
    private static final double[] POW10 = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};
    private static final long[] LPOW10 = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};
    /** Below 2^47 the scaled value, twice it plus one, and the tie's numerator are exact doubles. */
    private static final double FAST_LIMIT = 0x1p47;

    private SvgNumber() {}

    /** Appends {@code d} rounded half-even to {@code decimals} (0 to 6) decimals. */
    static StringBuilder append(StringBuilder out, double d, int decimals) {
        double scale = POW10[decimals];
        double y = d * scale;
        if (!(Math.abs(y) < FAST_LIMIT)) return appendSlow(out, d, decimals);
        long n = (long) Math.floor(y);
        double tie = (2 * n + 1) / (2 * scale);
        long q;
        if (d > tie) {
            q = n + 1;
        } else if (d < tie) {
            q = n;
        } else {
            q = (n & 1) == 0 ? n : n + 1;
        }
        return appendScaled(out, q, decimals);
    }

    /** Appends {@code d} rounded half-even to 2 decimals: an SVG coordinate. */
    static StringBuilder append(StringBuilder out, double d) {
        return append(out, d, FigureWriter.SVG_DECIMALS);
    }

    /** {@code d} as {@link #append} writes it. */
    static String format(double d, int decimals) {
        return append(new StringBuilder(12), d, decimals).toString();
    }

    /** q / 10^decimals without trailing zeros, "0" for zero. */
    private static StringBuilder appendScaled(StringBuilder out, long q, int decimals) {
        if (q == 0) return out.append('0');
        if (q < 0) {
            out.append('-');
            q = -q;
        }
        long unit = LPOW10[decimals];
        out.append(q / unit);
        long frac = q % unit;
        if (frac == 0) return out;
        int digits = decimals;
        while (frac % 10 == 0) {
            frac /= 10;
            digits--;
        }
        out.append('.');
        for (long p = LPOW10[digits - 1]; p > frac; p /= 10) out.append('0');
        return out.append(frac);
    }

    /** Beyond the fast range: NaN and the infinities as Java prints them, any other value by BigDecimal. */
    private static StringBuilder appendSlow(StringBuilder out, double d, int decimals) {
        if (Double.isNaN(d) || Double.isInfinite(d)) return out.append(d);
        BigDecimal r = BigDecimal.valueOf(d).setScale(decimals, RoundingMode.HALF_EVEN);
        return out.append(r.signum() == 0 ? "0" : r.stripTrailingZeros().toPlainString());
    }
}
