package dev.tpm.codec;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/**
 * Strict parsing of CSV cells as data.md defines them: decimal point {@code .}, no thousands
 * separators, no {@code NaN}/{@code Infinity}, integers without a fraction. Each method returns
 * null and records a problem when the text does not parse.
 */
public final class Cells {
    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?");
    private static final Pattern HEX = Pattern.compile("0[xX][0-9a-fA-F]+");

    private Cells() {}

    public static Long integer(String text, String file, long line, String column, Problems problems) {
        if (!INTEGER.matcher(text).matches()) {
            problems.atLine(file, line, column, "an integer", Problem.quote(text));
            return null;
        }
        try {
            return Long.parseLong(text.startsWith("+") ? text.substring(1) : text);
        } catch (NumberFormatException e) {
            problems.atLine(file, line, column, "an integer within 64 bits", Problem.quote(text));
            return null;
        }
    }

    public static Double decimal(String text, String file, long line, String column, Problems problems) {
        if (!DECIMAL.matcher(text).matches()) {
            problems.atLine(file, line, column, "a decimal number with '.' as decimal point", Problem.quote(text));
            return null;
        }
        double v = Double.parseDouble(text);
        if (Double.isInfinite(v)) {
            problems.atLine(file, line, column, "a finite number", Problem.quote(text));
            return null;
        }
        return v;
    }

    public static boolean isHex(String text) {
        return HEX.matcher(text).matches();
    }

    /** An ISO-8601 instant: {@code 2026-12-01T10:15:02.113Z} or with an offset. */
    public static boolean isInstant(String text) {
        try {
            Instant.parse(text);
            return true;
        } catch (DateTimeParseException e) {
            try {
                OffsetDateTime.parse(text);
                return true;
            } catch (DateTimeParseException e2) {
                return false;
            }
        }
    }
}
