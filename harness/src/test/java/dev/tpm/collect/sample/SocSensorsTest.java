package dev.tpm.collect.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.Fixtures;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Temperature and ARM clock from outputs captured on a Raspberry Pi 5 (fixtures' README gives the sources). */
class SocSensorsTest {
    @Test
    void parsesCapturedPi5Outputs() throws IOException {
        assertEquals(76.8, SocSensors.parseTempC(Fixtures.text("vcgencmd/measure_temp-pi5-76.8.txt"), "t"), 1e-12);
        assertEquals(2400.02048, SocSensors.parseClockMhz(Fixtures.text("vcgencmd/measure_clock_arm-pi5-stock.txt"), "c"), 1e-9);
        assertEquals(2000.00512, SocSensors.parseClockMhz(Fixtures.text("vcgencmd/measure_clock_arm-pi5-2000.txt"), "c"), 1e-9);
        IOException e = assertThrows(IOException.class, () -> SocSensors.parseTempC("throttled=0x0\n", "vcgencmd measure_temp"));
        assertEquals("vcgencmd measure_temp: line 1, column 1: expected 'temp=<degrees>'C', found 'throttled=0x0'", e.getMessage());
    }

    /** The sampler over the captured sequence of rpi-eeprom#518: the run's hottest reading and lowest clock. */
    @Test
    void aRunKeepsItsHighestTemperatureAndLowestClock() throws Exception {
        List<String> temps = List.of("vcgencmd/measure_temp-pi5-76.8.txt", "vcgencmd/measure_temp-pi5-82.9.txt");
        List<String> clocks = List.of("vcgencmd/measure_clock_arm-pi5-2256.txt", "vcgencmd/measure_clock_arm-pi5-2000.txt");
        AtomicInteger t = new AtomicInteger();
        AtomicInteger c = new AtomicInteger();
        SocSensors soc = new SocSensors(argv -> argv.get(1).equals("measure_temp")
                ? Fixtures.text(temps.get(Math.min(t.getAndIncrement(), 1)))
                : Fixtures.text(clocks.get(Math.min(c.getAndIncrement(), 1))));
        Process sleep = new ProcessBuilder("sleep", "5").start();
        try {
            TreeSampler s = new TreeSampler(() -> List.of(sleep.pid()), 50, PowerSource.NO_POWER, null, soc);
            s.start();
            Thread.sleep(200);
            List<TreeSampler.Sample> samples = s.stop();
            assertTrue(samples.size() >= 2);
            assertEquals(82.9, TreeSampler.maxTempC(samples), 1e-12);
            assertEquals(2000.00512, TreeSampler.minClockMhz(samples), 1e-9);
        } finally {
            sleep.destroyForcibly();
        }
    }

    @Test
    void aSensorThatStopsAnsweringFailsTheSampler() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        SocSensors soc = new SocSensors(argv -> {
            if (calls.incrementAndGet() > 2) throw new IOException("vcgencmd: Command not registered");
            return Fixtures.text(argv.get(1).equals("measure_temp") ? "vcgencmd/measure_temp-pi5-76.8.txt"
                    : "vcgencmd/measure_clock_arm-pi5-stock.txt");
        });
        Process sleep = new ProcessBuilder("sleep", "5").start();
        try {
            TreeSampler s = new TreeSampler(() -> List.of(sleep.pid()), 50, PowerSource.NO_POWER, null, soc);
            s.start();
            Thread.sleep(200);
            RuntimeException e = assertThrows(RuntimeException.class, s::stop);
            assertTrue(e.getMessage().contains("Command not registered"), e.getMessage());
        } finally {
            sleep.destroyForcibly();
        }
    }
}
