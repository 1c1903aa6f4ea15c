package dev.tpm.collect.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Intel (and AMD) RAPL through powercap: the top-level zones {@code intel-rapl:<n>} whose
 * {@code name} is {@code package-<k>}, one per CPU socket. Other top-level zones are left out:
 * {@code psys} (platform) already contains the packages, and sub-zones {@code intel-rapl:<n>:<m>}
 * (core, uncore, dram) are parts of a package, so either would count twice. Each
 * zone's {@code energy_uj} counter wraps to 0 after {@code max_energy_range_uj}; readings
 * accumulate the per-interval increases so that wraps between samples are undone.
 */
public final class RaplPower implements PowerSource {
    public static final Path POWERCAP = Path.of("/sys/class/powercap");
    private static final Pattern TOP_ZONE = Pattern.compile("(intel|amd)-rapl:\\d+");
    private static final String PACKAGE_NAME = "package-";
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

    /**
     * What a look at powercap found: the readable package zones, and a sentence for each package
     * zone that is there but cannot be read (energy_uj is root-only on kernels since 5.10,
     * CVE-2020-8694), so that "no power" is never silent.
     */
    public record Scan(List<Path> zones, List<String> problems) {
        public Scan {
            zones = List.copyOf(zones);
            problems = List.copyOf(problems);
        }
    }

    /** The package zones under {@code powercap}, by each zone's {@code name} file. */
    public static Scan scan(Path powercap) {
        List<Path> out = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        if (!Files.isDirectory(powercap)) return new Scan(out, problems);
        List<Path> all;
        try (var s = Files.list(powercap)) {
            all = s.sorted().toList();
        } catch (IOException e) {
            return new Scan(out, List.of(powercap + ": cannot be listed: " + e.getMessage()));
        }
        for (Path z : all) {
            if (!TOP_ZONE.matcher(z.getFileName().toString()).matches()) continue;
            String name;
            try {
                name = Files.readString(z.resolve("name")).trim();
            } catch (IOException e) {
                problems.add(z.resolve("name") + ": not readable (" + e.getClass().getSimpleName() + "), zone left out");
                continue;
            }
            if (!name.startsWith(PACKAGE_NAME)) continue; // psys, dram: not summed
            try {
                readLong(z.resolve("energy_uj"));
                readLong(z.resolve("max_energy_range_uj"));
                out.add(z);
            } catch (IOException | RuntimeException unreadable) {
                problems.add(z.resolve("energy_uj") + " (" + name + "): not readable by this user ("
                        + unreadable.getClass().getSimpleName() + "; root-only on recent kernels: run as root, or "
                        + "`sudo chmod o+r` the file for this boot); no RAPL energy");
            }
        }
        if (!problems.isEmpty()) out.clear(); // part of the packages would understate the energy
        return new Scan(out, problems);
    }

    /** The package zones under {@code powercap} whose counters are readable; empty when none. */
    public static List<Path> packageZones(Path powercap) {
        return scan(powercap).zones();
    }

    /** RAPL over the readable package zones, or null when there are none. */
    public static RaplPower open(Path powercap) throws IOException {
        List<Path> zones = packageZones(powercap);
        return zones.isEmpty() ? null : new RaplPower(zones);
    }

    /** RAPL over the given zones (from {@link #scan}). */
    public static RaplPower open(List<Path> zones) throws IOException {
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
