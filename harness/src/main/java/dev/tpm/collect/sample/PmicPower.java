package dev.tpm.collect.sample;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Raspberry Pi 5 power from its PMIC's ADC, {@code vcgencmd pmic_read_adc}, which prints one
 * line per channel:
 *
 * <pre>
 *    VDD_CORE_A current(7)=0.67320000A
 *    VDD_CORE_V volt(15)=0.72540000V
 *       EXT5V_V volt(24)=5.14969500V
 * </pre>
 *
 * Power = sum over rails of volts x amps, pairing {@code <rail>_A} with {@code <rail>_V}; channels
 * without a partner (EXT5V_V, BATT_V) are left out. This is an estimate: the PMIC has no
 * input-current channel, so the sum misses conversion losses and whatever the 5 V input feeds
 * directly (USB, fan).
 */
public final class PmicPower implements PowerSource {
    public static final List<String> COMMAND = List.of("vcgencmd", "pmic_read_adc");
    private static final Pattern CHANNEL = Pattern.compile(
            "^\\s*(\\S+)_([AV])\\s+(?:current|volt)\\(\\d+\\)=([-+0-9.eE]+)([AV])\\s*$");

    private final Commands commands;

    public PmicPower(Commands commands) {
        this.commands = commands;
    }

    /** One rail's reading. */
    public record Rail(String name, double volts, double amps) {
        public double watts() {
            return volts * amps;
        }
    }

    /** The paired rails of one pmic_read_adc output, by rail name; {@code source} names it in errors. */
    public static List<Rail> parse(String output, String source) throws IOException {
        Map<String, Double> amps = new TreeMap<>();
        Map<String, Double> volts = new TreeMap<>();
        String[] lines = output.split("\r?\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) continue;
            Matcher m = CHANNEL.matcher(lines[i]);
            if (!m.matches() || !m.group(2).equals(m.group(4))) {
                throw new IOException(source + ": line " + (i + 1) + ", column 1: expected '<rail>_A current(n)=<x>A' or "
                        + "'<rail>_V volt(n)=<x>V', found '" + lines[i].trim() + "'");
            }
            double v;
            try {
                v = Double.parseDouble(m.group(3));
            } catch (NumberFormatException e) {
                throw new IOException(source + ": line " + (i + 1) + ", column " + (m.start(3) + 1)
                        + ": expected a number, found '" + m.group(3) + "'");
            }
            (m.group(2).equals("A") ? amps : volts).put(m.group(1), v);
        }
        List<Rail> rails = new ArrayList<>();
        for (var a : amps.entrySet()) {
            Double v = volts.get(a.getKey());
            if (v != null) rails.add(new Rail(a.getKey(), v, a.getValue()));
        }
        if (rails.isEmpty()) throw new IOException(source + ": expected at least one rail with both _A and _V channels, found none");
        return rails;
    }

    public static double watts(List<Rail> rails) {
        double w = 0;
        for (Rail r : rails) w += r.watts();
        return w;
    }

    @Override
    public String id() {
        return PMIC;
    }

    @Override
    public PowerReading read() {
        long t = System.nanoTime();
        try {
            double w = watts(parse(commands.run(COMMAND), String.join(" ", COMMAND)));
            return new PowerReading(t, w, Double.NaN);
        } catch (IOException | RuntimeException e) {
            return PowerReading.missing(t);
        }
    }

    @Override
    public Energy energy(List<PowerReading> readings) {
        long[] t = new long[readings.size()];
        double[] w = new double[readings.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = readings.get(i).nanos();
            w[i] = readings.get(i).watts();
        }
        double joules = EnergyMath.trapezoidJoules(t, w);
        if (Double.isNaN(joules)) return Energy.NONE;
        double seconds = (lastValid(t, w, false) - lastValid(t, w, true)) / 1e9;
        return new Energy(joules, seconds > 0 ? joules / seconds : Double.NaN);
    }

    /** Time of the first (first = true) or last valid reading. */
    private static long lastValid(long[] t, double[] w, boolean first) {
        if (first) {
            for (int i = 0; i < t.length; i++) if (!Double.isNaN(w[i])) return t[i];
        } else {
            for (int i = t.length - 1; i >= 0; i--) if (!Double.isNaN(w[i])) return t[i];
        }
        return 0;
    }
}
