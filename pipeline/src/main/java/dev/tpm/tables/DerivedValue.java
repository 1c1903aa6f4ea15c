package dev.tpm.tables;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A published value the paper does not print but that published.csv derives from two rounded
 * numbers of its text ("derived from a ratio in the text: .NET startup 44.1 ms x 10.7 ..."). The
 * product carries no more significant digits than the less precise factor, and each factor, as
 * printed, stands for an interval of half a unit in its last place either side: 44.1 x 10.7 is
 * ~472 [469, 475], not 471.87.
 */
record DerivedValue(BigDecimal a, BigDecimal b) {
    private static final Pattern PRODUCT = Pattern.compile("derived from a ratio in the text\\D*?([0-9]+(?:\\.[0-9]+)?)"
            + "\\s*\\S*\\s+x\\s+([0-9]+(?:\\.[0-9]+)?)");

    /** The two factors of a published.csv note that derives a value from a ratio, if it does. */
    static Optional<DerivedValue> of(String note) {
        Matcher m = PRODUCT.matcher(note == null ? "" : note);
        if (!m.find()) return Optional.empty();
        return Optional.of(new DerivedValue(new BigDecimal(m.group(1)), new BigDecimal(m.group(2))));
    }

    /** Significant digits the product carries: those of the less precise factor. */
    int significantDigits() {
        return Math.min(a.precision(), b.precision());
    }

    double low() {
        return lower(a).multiply(lower(b)).doubleValue();
    }

    double high() {
        return upper(a).multiply(upper(b)).doubleValue();
    }

    /** "~472 [469, 475]": the product to its significant digits, then the range its factors leave open. */
    String text() {
        BigDecimal product = a.multiply(b).round(new MathContext(significantDigits(), RoundingMode.HALF_UP));
        return "~" + product.toPlainString() + " [" + whole(low(), RoundingMode.FLOOR) + ", "
                + whole(high(), RoundingMode.CEILING) + "]";
    }

    private static BigDecimal halfUnit(BigDecimal x) {
        return BigDecimal.ONE.scaleByPowerOfTen(-x.scale()).divide(BigDecimal.valueOf(2));
    }

    private static BigDecimal lower(BigDecimal x) {
        return x.subtract(halfUnit(x));
    }

    private static BigDecimal upper(BigDecimal x) {
        return x.add(halfUnit(x));
    }

    private static String whole(double x, RoundingMode mode) {
        return BigDecimal.valueOf(x).setScale(0, mode).toPlainString();
    }
}
