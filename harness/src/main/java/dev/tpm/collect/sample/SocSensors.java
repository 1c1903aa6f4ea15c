package dev.tpm.collect.sample;

import java.io.IOException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Raspberry Pi's SoC temperature and ARM clock through vcgencmd: {@code measure_temp} prints
 * {@code temp=55.8'C}, {@code measure_clock arm} prints {@code frequency(0)=2400000000} (Hz; the
 * number in parentheses is the clock's id and differs between models).
 */
public final class SocSensors {
    public static final List<String> TEMP = List.of("vcgencmd", "measure_temp");
    public static final List<String> CLOCK = List.of("vcgencmd", "measure_clock", "arm");
    private static final Pattern TEMP_LINE = Pattern.compile("^\\s*temp=([0-9]+(?:\\.[0-9]+)?)'C\\s*$");
    private static final Pattern CLOCK_LINE = Pattern.compile("^\\s*frequency\\(\\d+\\)=([0-9]+)\\s*$");

    private final Commands commands;

    public SocSensors(Commands commands) {
        this.commands = commands;
    }

    /** Degrees Celsius of one measure_temp output. */
    public static double parseTempC(String output, String source) throws IOException {
        return Double.parseDouble(line(output, source, TEMP_LINE, "temp=<degrees>'C"));
    }

    /** MHz of one measure_clock arm output. */
    public static double parseClockMhz(String output, String source) throws IOException {
        return Long.parseLong(line(output, source, CLOCK_LINE, "frequency(<id>)=<Hz>")) / 1e6;
    }

    private static String line(String output, String source, Pattern p, String expected) throws IOException {
        String[] lines = output.split("\r?\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) continue;
            Matcher m = p.matcher(lines[i]);
            if (!m.matches()) {
                throw new IOException(source + ": line " + (i + 1) + ", column 1: expected '" + expected + "', found '"
                        + lines[i].trim() + "'");
            }
            return m.group(1);
        }
        throw new IOException(source + ": line 1, column 1: expected '" + expected + "', found nothing");
    }

    /** Temperature now; an exception says why it could not be read (the sampler fails the run). */
    public double tempC() throws IOException {
        return parseTempC(commands.run(TEMP), String.join(" ", TEMP));
    }

    /** ARM clock now, in MHz. */
    public double clockMhz() throws IOException {
        return parseClockMhz(commands.run(CLOCK), String.join(" ", CLOCK));
    }
}
