package dev.tpm.collect.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PowerTest {
    private static final double EPS = 1e-12;

    @Test
    void pmicPairsCurrentAndVoltageOfTheSameRail() throws IOException {
        List<PmicPower.Rail> rails = PmicPower.parse(Fixtures.text("vcgencmd/pmic_read_adc-pi5.txt"), "pmic");
        assertEquals(12, rails.size(), "EXT5V_V and BATT_V have no current channel");
        PmicPower.Rail core = rails.stream().filter(r -> r.name().equals("VDD_CORE")).findFirst().orElseThrow();
        assertEquals(0.72540000, core.volts(), EPS);
        assertEquals(0.67320000, core.amps(), EPS);
        double expected = 0.00390372 * 3.71304700 + 0.05172720 * 3.31086200 + 0.17858920 * 1.79962600
                + 0.02049360 * 1.11062600 + 0.00000000 * 0.60439560 + 0.17175700 * 1.10451800
                + 0.36483700 * 0.80048840 + 0.67320000 * 0.72540000 + 0.00048840 * 3.31501800
                + 0.00042735 * 3.31013000 + 0.00531684 * 0.79926740 + 0.02203320 * 5.14725300;
        assertEquals(expected, PmicPower.watts(rails), 1e-12);
    }

    @Test
    void garbledPmicOutputNamesTheLine() {
        IOException e = assertThrows(IOException.class,
                () -> PmicPower.parse(Fixtures.text("vcgencmd/pmic_read_adc-garbled.txt"), "pmic_read_adc-garbled.txt"));
        assertTrue(e.getMessage().startsWith("pmic_read_adc-garbled.txt: line 2, column 1: expected"), e.getMessage());
    }

    @Test
    void pmicReadingsIntegrateByTrapezoid() {
        PmicPower pmic = new PmicPower(argv -> Fixtures.text("vcgencmd/pmic_read_adc-pi5.txt"));
        PowerSource.PowerReading r = pmic.read();
        assertTrue(r.watts() > 1 && r.watts() < 2);
        // 2 W then 4 W one second later, then 4 W for another second: 3 J + 4 J
        var readings = List.of(new PowerSource.PowerReading(0, 2, Double.NaN),
                new PowerSource.PowerReading(1_000_000_000L, 4, Double.NaN),
                PowerSource.PowerReading.missing(1_500_000_000L),
                new PowerSource.PowerReading(2_000_000_000L, 4, Double.NaN));
        PowerSource.Energy e = pmic.energy(readings);
        assertEquals(7.0, e.joules(), EPS);
        assertEquals(3.5, e.meanWatts(), EPS);
        assertTrue(Double.isNaN(pmic.energy(List.of(readings.get(0))).joules()));
    }

    @Test
    void trapezoidAndCounterWrap() {
        assertEquals(0.5 * (1 + 3) / 2 + 0.5 * (3 + 5) / 2,
                EnergyMath.trapezoidJoules(new long[] {0, 500_000_000, 1_000_000_000}, new double[] {1, 3, 5}), EPS);
        assertEquals(500, EnergyMath.counterDelta(1000, 1500, 262_143_328_850L));
        // wrapped: from 262143328000 up to the range (850 uJ) then 0..150
        assertEquals(1000, EnergyMath.counterDelta(262_143_328_000L, 150, 262_143_328_850L));
    }

    @Test
    void raplReadsPackageZonesAndUndoesWrapAround(@TempDir Path powercap) throws IOException {
        long max = 262_143_328_850L;
        Path pkg = Files.createDirectories(powercap.resolve("intel-rapl:0"));
        Path core = Files.createDirectories(powercap.resolve("intel-rapl:0:0")); // sub-zone: inside the package
        Path psys = Files.createDirectories(powercap.resolve("intel-rapl:1")); // platform: contains the package
        Files.writeString(pkg.resolve("name"), "package-0\n");
        Files.writeString(core.resolve("name"), "core\n");
        Files.writeString(psys.resolve("name"), "psys\n");
        Files.writeString(psys.resolve("max_energy_range_uj"), max + "\n");
        Files.writeString(psys.resolve("energy_uj"), "7\n");
        Files.writeString(pkg.resolve("max_energy_range_uj"), max + "\n");
        Files.writeString(core.resolve("max_energy_range_uj"), max + "\n");
        Files.writeString(core.resolve("energy_uj"), "5\n");
        Files.writeString(pkg.resolve("energy_uj"), (max - 2_000_000) + "\n");
        RaplPower rapl = RaplPower.open(powercap);
        assertEquals(List.of(pkg), RaplPower.packageZones(powercap));
        PowerSource.PowerReading r0 = rapl.read();
        Files.writeString(pkg.resolve("energy_uj"), (max - 1_000_000) + "\n"); // +1 J
        PowerSource.PowerReading r1 = rapl.read();
        Files.writeString(pkg.resolve("energy_uj"), "3000000\n"); // wrapped: +1 J to the top, +3 J after
        PowerSource.PowerReading r2 = rapl.read();
        assertEquals(0.0, r0.joules(), EPS);
        assertEquals(1.0, r1.joules(), EPS);
        assertEquals(5.0, r2.joules(), EPS);
        var readings = List.of(new PowerSource.PowerReading(0, Double.NaN, r0.joules()),
                new PowerSource.PowerReading(1_000_000_000L, Double.NaN, r1.joules()),
                new PowerSource.PowerReading(2_000_000_000L, Double.NaN, r2.joules()));
        PowerSource.Energy e = rapl.energy(readings);
        assertEquals(5.0, e.joules(), EPS);
        assertEquals(2.5, e.meanWatts(), EPS);
    }

    @Test
    void unreadableOrAbsentRaplIsNone(@TempDir Path powercap) throws IOException {
        assertNull(RaplPower.open(powercap.resolve("missing")));
        Path pkg = Files.createDirectories(powercap.resolve("intel-rapl:0"));
        Files.writeString(pkg.resolve("name"), "package-0\n");
        assertNull(RaplPower.open(powercap), "a zone without readable counters");
        RaplPower.Scan scan = RaplPower.scan(powercap);
        assertEquals(1, scan.problems().size());
        assertTrue(scan.problems().get(0).contains("intel-rapl:0/energy_uj (package-0): not readable"), scan.problems().get(0));
        Sensors s = Sensors.detect(argv -> { throw new IOException("no vcgencmd"); }, false, powercap);
        assertEquals(PowerSource.NONE, s.power().id());
        assertEquals(scan.problems(), s.problems(), "an unreadable counter is said, not a silent none");
    }

    /** A root-only energy_uj as recent kernels have it: mode 0400, read by a user who is not its owner. */
    @Test
    void raplCounterWithoutReadPermissionIsReported(@TempDir Path powercap) throws IOException {
        Path pkg = Files.createDirectories(powercap.resolve("intel-rapl:0"));
        Files.writeString(pkg.resolve("name"), "package-0\n");
        Files.writeString(pkg.resolve("max_energy_range_uj"), "262143328850\n");
        Path uj = Files.writeString(pkg.resolve("energy_uj"), "12\n");
        Files.setPosixFilePermissions(uj, java.util.Set.of());
        org.junit.jupiter.api.Assumptions.assumeFalse(Files.isReadable(uj), "running as root: every file is readable");
        RaplPower.Scan scan = RaplPower.scan(powercap);
        assertEquals(List.of(), scan.zones());
        assertTrue(scan.problems().get(0).contains("not readable by this user"), scan.problems().get(0));
    }

    @Test
    void throttlingKeepsOnlyTheCurrentBits() throws IOException {
        assertEquals(0x0, Throttling.parse(Fixtures.text("vcgencmd/get_throttled-clear.txt"), "t"));
        int sticky = Throttling.parse(Fixtures.text("vcgencmd/get_throttled-sticky-only.txt"), "t");
        assertEquals(0x50000, sticky);
        assertEquals(0, sticky & Throttling.CURRENT_MASK, "bits 16-19 are history, not this run");
        assertEquals(0x5, new Throttling(a -> Fixtures.text("vcgencmd/get_throttled-undervoltage-now.txt")).currentBits());
        assertEquals(0x8, new Throttling(a -> Fixtures.text("vcgencmd/get_throttled-soft-temp-now.txt")).currentBits());
        assertEquals(0, new Throttling(a -> Fixtures.text("vcgencmd/get_throttled-sticky-only.txt")).currentBits());
        assertEquals(-1, new Throttling(a -> { throw new IOException("no vcgencmd"); }).currentBits());
        assertEquals("0x5", Throttling.hex(5));
        IOException e = assertThrows(IOException.class, () -> Throttling.parse("temp=48.3'C\n", "get_throttled"));
        assertEquals("get_throttled: line 1, column 1: expected 'throttled=0x<hex>', found 'temp=48.3'C'", e.getMessage());
    }

    @Test
    void detectionPrefersThePmicThenRaplThenNone(@TempDir Path powercap) throws IOException {
        Commands pi = argv -> argv.get(1).equals("pmic_read_adc")
                ? Fixtures.text("vcgencmd/pmic_read_adc-pi5.txt") : Fixtures.text("vcgencmd/get_throttled-clear.txt");
        Sensors s = Sensors.detect(pi, true, powercap);
        assertEquals(PowerSource.PMIC, s.power().id());
        assertTrue(s.throttling() != null);

        Commands pi4 = argv -> {
            if (argv.get(1).equals("pmic_read_adc")) throw new IOException("Command not registered");
            return "throttled=0x0\n";
        };
        assertEquals(PowerSource.NONE, Sensors.detect(pi4, true, powercap).power().id(), "a Pi 4: no PMIC ADC");

        Path pkg = Files.createDirectories(powercap.resolve("intel-rapl:1"));
        Files.writeString(pkg.resolve("name"), "package-0\n");
        Files.writeString(pkg.resolve("max_energy_range_uj"), "65532610987\n");
        Files.writeString(pkg.resolve("energy_uj"), "12\n");
        Sensors x86 = Sensors.detect(argv -> { throw new IOException("unreachable"); }, false, powercap);
        assertEquals(PowerSource.RAPL, x86.power().id());
        assertNull(x86.throttling());
    }
}
