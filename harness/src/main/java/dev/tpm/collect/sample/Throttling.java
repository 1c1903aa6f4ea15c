package dev.tpm.collect.sample;

import java.io.IOException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Raspberry Pi throttling flags, {@code vcgencmd get_throttled} ({@code throttled=0x50005}). Bits
 * 0-3 are the present state (under-voltage, ARM frequency capped, throttled, soft temperature
 * limit); bits 16-19 are the same events "has occurred since boot" and stay set, so only bits 0-3
 * sampled during a run say that the run itself was affected.
 */
public final class Throttling {
    public static final List<String> COMMAND = List.of("vcgencmd", "get_throttled");
    /** Bits 0-3: under-voltage now, frequency capped now, throttled now, soft temperature limit now. */
    public static final int CURRENT_MASK = 0xF;
    /** Bits 16-19: the same four events, sticky since boot. */
    public static final int STICKY_MASK = 0xF0000;
    private static final Pattern LINE = Pattern.compile("^\\s*throttled=0x([0-9a-fA-F]+)\\s*$");

    private final Commands commands;

    public Throttling(Commands commands) {
        this.commands = commands;
    }

    /** The whole flag word of one get_throttled output. */
    public static int parse(String output, String source) throws IOException {
        String[] lines = output.split("\r?\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) continue;
            Matcher m = LINE.matcher(lines[i]);
            if (!m.matches()) {
                throw new IOException(source + ": line " + (i + 1) + ", column 1: expected 'throttled=0x<hex>', found '"
                        + lines[i].trim() + "'");
            }
            return (int) Long.parseLong(m.group(1), 16);
        }
        throw new IOException(source + ": line 1, column 1: expected 'throttled=0x<hex>', found nothing");
    }

    /** Bits 0-3 of the flag word now, or -1 when it cannot be read. */
    public int currentBits() {
        try {
            return parse(commands.run(COMMAND), String.join(" ", COMMAND)) & CURRENT_MASK;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Bits 16-19 ("has occurred since boot") of the flag word now, or -1 when it cannot be read. */
    public int stickyBits() {
        try {
            return parse(commands.run(COMMAND), String.join(" ", COMMAND)) & STICKY_MASK;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The CSV's throttled cell: hex of the bits 0-3 seen during a run, e.g. {@code 0x0}. */
    public static String hex(int bits) {
        return "0x" + Integer.toHexString(bits);
    }
}
