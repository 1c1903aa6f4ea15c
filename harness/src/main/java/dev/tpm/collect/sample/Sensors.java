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
 */
public record Sensors(PowerSource power, Throttling throttling) {

    public static Sensors detect() {
        return detect(Commands.system(2_000), onPath("vcgencmd"), RaplPower.POWERCAP);
    }

    static Sensors detect(Commands commands, boolean vcgencmd, Path powercap) {
        PowerSource power = PowerSource.NO_POWER;
        Throttling throttling = null;
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
        }
        if (power == PowerSource.NO_POWER) {
            try {
                RaplPower rapl = RaplPower.open(powercap);
                if (rapl != null) power = rapl;
            } catch (IOException e) {
                // unreadable: none
            }
        }
        return new Sensors(power, throttling);
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
