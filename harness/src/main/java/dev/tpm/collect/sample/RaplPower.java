package dev.tpm.collect.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Intel (and AMD) RAPL through powercap: the package zones {@code intel-rapl:<n>} (their
 * sub-zones {@code intel-rapl:<n>:<m>} are parts of the package and would count twice). Each
 * zone's {@code energy_uj} counter wraps to 0 after {@code max_energy_range_uj}; readings
 * accumulate the per-interval increases so that wraps between samples are undone.
 */
public final class RaplPower implements PowerSource {
    public static final Path POWERCAP = Path.of("/sys/class/powercap");
    private static final Pattern PACKAGE_ZONE = Pattern.compile("intel-rapl:\\d+");
    private static final double UJ_PER_J = 1e6;

    private final List<Path> zones;
    private final long[] maxRangeUj;
    private final long[] lastUj;
    private double cumulativeJ;

    private RaplPower(List<Path> zones) throws IOException {
        this.zones = List.copyOf(zones);
        this.maxRangeUj = new long[zones.size()];
        this.lastUj = new long[zones.size()];
        for (int i = 0; i < zones.size(); i++) {
            maxRangeUj[i] = readLong(zones.get(i).resolve("max_energy_range_uj"));
            lastUj[i] = readLong(zones.get(i).resolve("energy_uj"));
        }
    }

    /** The package zones under {@code powercap} whose counters are readable; empty when none. */
    public static List<Path> packageZones(Path powercap) {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(powercap)) return out;
        try (var s = Files.list(powercap)) {
            for (Path z : s.sorted().toList()) {
                if (!PACKAGE_ZONE.matcher(z.getFileName().toString()).matches()) continue;
                try {
                    readLong(z.resolve("energy_uj"));
                    readLong(z.resolve("max_energy_range_uj"));
                    out.add(z);
                } catch (IOException | RuntimeException unreadable) {
                    // root-only on recent kernels
                }
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    /** RAPL over the readable package zones, or null when there are none. */
    public static RaplPower open(Path powercap) throws IOException {
        List<Path> zones = packageZones(powercap);
        return zones.isEmpty() ? null : new RaplPower(zones);
    }

    static long readLong(Path file) throws IOException {
        String s = Files.readString(file).trim();
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IOException(file + ": line 1, column 1: expected an integer, found '" + s + "'");
        }
    }

    @Override
    public String id() {
        return RAPL;
    }

    @Override
    public synchronized PowerReading read() {
        long t = System.nanoTime();
        try {
            for (int i = 0; i < zones.size(); i++) {
                long now = readLong(zones.get(i).resolve("energy_uj"));
                cumulativeJ += EnergyMath.counterDelta(lastUj[i], now, maxRangeUj[i]) / UJ_PER_J;
                lastUj[i] = now;
            }
            return new PowerReading(t, Double.NaN, cumulativeJ);
        } catch (IOException | RuntimeException e) {
            return PowerReading.missing(t);
        }
    }

    @Override
    public Energy energy(List<PowerReading> readings) {
        PowerReading first = null;
        PowerReading last = null;
        for (PowerReading r : readings) {
            if (Double.isNaN(r.joules())) continue;
            if (first == null) first = r;
            last = r;
        }
        if (first == null || last == first) return Energy.NONE;
        double joules = last.joules() - first.joules();
        double seconds = (last.nanos() - first.nanos()) / 1e9;
        return new Energy(joules, joules / seconds);
    }
}
