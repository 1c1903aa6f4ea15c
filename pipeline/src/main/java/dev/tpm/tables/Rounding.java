package dev.tpm.tables;

import dev.tpm.results.Estimate;
import dev.tpm.results.LatencyResolution;
import dev.tpm.results.Quantity;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Collection;
import java.util.EnumSet;
import java.util.StringJoiner;

/**
 * The one place that says how each quantity of the paper tables is rounded. Rounding is half away
 * from zero on the exact binary value of the double (through {@link BigDecimal}, so identical on
 * every JDK and locale); no thousands separators; missing values print as {@value #MISSING}.
 * The tidy CSVs keep full precision.
 */
public final class Rounding {
    /** What a missing number (NaN, null) prints as. */
    public static final String MISSING = "n/a";

    /** p-values at or above this print with 3 decimals, smaller ones in scientific notation. */
    public static final double P_FIXED_FROM = 0.001;

    /** Significant digits of a p-value below {@link #P_FIXED_FROM}. */
    public static final int P_SIGNIFICANT_DIGITS = 2;

    private Rounding() {}

    /** x rounded as its quantity asks; {@value #MISSING} for NaN. A latency is never printed as zero. */
    public static String value(Quantity q, double x) {
        return value(q, x, LatencyResolution.UNKNOWN);
    }

    /**
     * x rounded as its quantity asks; a latency ({@link Quantity#LATENCY_MS}) also no finer than its
     * source reports it, see {@link #latency}.
     */
    public static String value(Quantity q, double x, LatencyResolution source) {
        return q == Quantity.LATENCY_MS ? latency(x, source) : fixed(x, q.decimals());
    }

    /**
     * Decimals a latency from this source prints with: {@link Quantity#LATENCY_MS}'s 2, or fewer
     * when the source is coarser (0 for autocannon's whole milliseconds).
     */
    public static int latencyDecimals(LatencyResolution source) {
        return Math.min(Quantity.LATENCY_MS.decimals(), source.decimals());
    }

    /**
     * A latency in ms printed to the resolution of its source (outputs.md): {@link #latencyDecimals}
     * decimals, half away from zero; a value that would print as zero prints as "&lt; " and the
     * printed step ("&lt; 1" for autocannon's reported 0, "&lt; 0.01" otherwise): a latency below
     * the resolution is not zero, and "0.00 ms" is never printed.
     */
    public static String latency(double ms, LatencyResolution source) {
        if (Double.isNaN(ms) || Double.isInfinite(ms)) return fixed(ms, 0);
        int decimals = latencyDecimals(source);
        BigDecimal d = new BigDecimal(ms).setScale(decimals, RoundingMode.HALF_UP);
        if (d.signum() == 0) return "< " + BigDecimal.ONE.movePointLeft(decimals).toPlainString();
        return d.toPlainString();
    }

    public static String count(Integer x) {
        return x == null ? MISSING : Integer.toString(x);
    }

    /** x with exactly {@code decimals} decimals, half away from zero; {@value #MISSING} for NaN. */
    public static String fixed(double x, int decimals) {
        if (Double.isNaN(x)) return MISSING;
        if (Double.isInfinite(x)) return x > 0 ? "inf" : "-inf";
        BigDecimal d = new BigDecimal(x).setScale(decimals, RoundingMode.HALF_UP);
        if (d.signum() == 0) d = d.abs(); // never "-0.00"
        return d.toPlainString();
    }

    /**
     * "value [lo, hi]": a point estimate with its CI; the value alone when the CI is missing,
     * {@value #MISSING} when the value is.
     */
    public static String ci(Quantity q, Estimate e) {
        return ci(q, e, LatencyResolution.UNKNOWN);
    }

    /** {@link #ci(Quantity, Estimate)} with a latency printed to its source's resolution. */
    public static String ci(Quantity q, Estimate e, LatencyResolution source) {
        if (e == null || e.isMissing()) return MISSING;
        if (Double.isNaN(e.lo()) || Double.isNaN(e.hi())) return value(q, e.value(), source);
        return value(q, e.value(), source) + " [" + value(q, e.lo(), source) + ", " + value(q, e.hi(), source) + "]";
    }

    /**
     * A p-value: 3 decimals from {@value #P_FIXED_FROM} up, otherwise {@value #P_SIGNIFICANT_DIGITS}
     * significant digits in scientific notation ({@code 3.1e-12}); {@code 0} when it underflowed.
     */
    public static String p(double p) {
        if (Double.isNaN(p)) return MISSING;
        if (p >= P_FIXED_FROM) return fixed(p, 3);
        if (p == 0) return "0";
        BigDecimal d = new BigDecimal(p).round(new MathContext(P_SIGNIFICANT_DIGITS, RoundingMode.HALF_UP));
        String mantissa = d.unscaledValue().toString();
        int exponent = mantissa.length() - 1 - d.scale();
        String m = mantissa.length() == 1 ? mantissa : mantissa.charAt(0) + "." + mantissa.substring(1);
        return m + "e" + exponent;
    }

    /** A level such as 0.95 as a percentage without needless digits: {@code 95%}, {@code 97.5%}. */
    public static String percentLabel(double level) {
        BigDecimal pct = new BigDecimal(Double.toString(level)).movePointRight(2).stripTrailingZeros();
        return pct.toPlainString() + "%";
    }

    /** A configuration number as written (0.05, 0.8, 10000), for sentences. */
    public static String plain(double x) {
        return new BigDecimal(Double.toString(x)).stripTrailingZeros().toPlainString();
    }

    /** "Rounded: req/s to whole numbers; MiB to 2 decimals." for the quantities a table shows. */
    public static String note(Collection<Quantity> used) {
        return note(used, LatencyResolution.UNKNOWN);
    }

    /**
     * The rounding note; where the latencies' source is coarser than the printed 2 decimals, the
     * latency rule names the source's resolution instead ("latency (ms) to whole ms, as autocannon
     * reports ...; "&lt; 1": a reported 0, under 1 ms").
     */
    public static String note(Collection<Quantity> used, LatencyResolution source) {
        StringJoiner j = new StringJoiner("; ", "Rounded for reading (half away from zero): ", ".");
        EnumSet<Quantity> set = EnumSet.noneOf(Quantity.class);
        set.addAll(used);
        for (Quantity q : set) j.add(q == Quantity.LATENCY_MS ? latencyRule(source) : q.rule());
        return j.toString();
    }

    /** The latency rule of a table whose latencies come from this source. */
    static String latencyRule(LatencyResolution source) {
        int decimals = latencyDecimals(source);
        if (decimals >= Quantity.LATENCY_MS.decimals()) return Quantity.LATENCY_MS.rule();
        String step = BigDecimal.ONE.movePointLeft(decimals).toPlainString();
        return "latency (ms) to " + (decimals == 0 ? "whole ms" : decimals + " decimals") + ", the resolution of its"
                + " source (" + source.words() + "; \"< " + step + "\": a reported " + fixed(0, decimals)
                + ", under " + step + " ms)";
    }
}
