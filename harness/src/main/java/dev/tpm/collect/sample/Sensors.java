package dev.tpm.collect.sample;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The power source and throttling reader this machine has: the Pi's PMIC and get_throttled when
 * {@code vcgencmd} answers, else RAPL when a package zone is readable, else none.
 *
 * @param throttling null where {@code vcgencmd get_throttled} is not available
 * @param problems why a power source that is present could not be used (an unreadable RAPL
 *     counter), for the log and campaign.json's {@code device.power_problems}; empty when none
 */
public record Sensors(PowerSource power, Throttling throttling, SocSensors soc, java.util.List<String> problems) {
    public Sensors {
        problems = java.util.List.copyOf(problems);
    }

    public Sensors(PowerSource power, Throttling throttling) {
        this(power, throttling, null, java.util.List.of());
    }

    /** True when vcgencmd answered get_throttled: this is a Raspberry Pi the harness can watch. */
    public boolean vcgencmdReadable() {
        return throttling != null;
    }

    public static Sensors detect() {
        return detect(Commands.system(2_000), onPath("vcgencmd"), RaplPower.POWERCAP);
    }

    static Sensors detect(Commands commands, boolean vcgencmd, Path powercap) {
        PowerSource power = PowerSource.NO_POWER;
        Throttling throttling = null;
        SocSensors soc = null;
        if (vcgencmd) {
            try {
                PmicPower.parse(commands.run(PmicPower.COMMAND), "vcgencmd pmic_read_adc");
                power = new PmicPower(commands);
            } catch (IOException | RuntimeException notAPi5) {
                // older firmware or not a Pi 5
            }
            try {
                Throttling.parse(commands.run(Throttling.COMMAND), "vcgencmd get_throttled");
                throttling = new Throttling(commands);
            } catch (IOException | RuntimeException e) {
                // no throttling information
            }
            try {
                SocSensors s = new SocSensors(commands);
                s.tempC();
                s.clockMhz();
                soc = s;
            } catch (IOException | RuntimeException e) {
                // no temperature or clock
            }
        }
        java.util.List<String> problems = new java.util.ArrayList<>();
        if (power == PowerSource.NO_POWER) {
            RaplPower.Scan scan = RaplPower.scan(powercap);
            problems.addAll(scan.problems());
            try {
                RaplPower rapl = RaplPower.open(scan.zones());
                if (rapl != null) power = rapl;
            } catch (IOException e) {
                problems.add("RAPL: " + e.getMessage());
            }
        }
        return new Sensors(power, throttling, soc, problems);
    }

    static boolean onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) return false;
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) return true;
        }
        return false;
    }
}
