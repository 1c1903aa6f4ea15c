package dev.tpm.collect.campaign;

import dev.tpm.codec.CampaignJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * campaign.json's {@code machine.hardware_id} (data.md version 4): the board's or instance's own
 * serial, which /etc/machine-id is not (many VMs boot one image and share it). Sources in order:
 * the device tree's serial number (a Raspberry Pi's SoC serial), DMI's product UUID (x86, where
 * readable: the kernel gives it to root only), else the MAC address of the interface of the
 * default route; the id is prefixed with its source. All read under a root folder, "/" on a real
 * machine.
 */
public final class HardwareId {
    /** Where an id comes from, in the order they are tried; {@link #prefix} is written before it. */
    public enum Source {
        DT_SERIAL("dt-serial:", "sys/firmware/devicetree/base/serial-number"),
        DMI_UUID("dmi-uuid:", "sys/class/dmi/id/product_uuid"),
        MAC("mac:", "proc/net/route");

        public final String prefix;
        final String file;

        Source(String prefix, String file) {
            this.prefix = prefix;
            this.file = file;
        }
    }

    /** One detected id: its source and the value after the prefix. */
    public record Id(Source source, String value) {
        /** As campaign.json records it, e.g. {@code dt-serial:a1b2c3d4e5f60718}. */
        public String text() {
            return source.prefix + value;
        }
    }

    /** The all-zero and all-F UUIDs firmware writes when it has none of its own. */
    private static final Pattern PLACEHOLDER_UUID = Pattern.compile("[0-]+|[fF-]+");
    private static final Pattern MAC_ADDRESS = Pattern.compile("[0-9a-f]{2}(:[0-9a-f]{2}){5}");
    private static final String NO_ROUTE = "00000000";

    private final Path root;

    /** @param root "/" on a real machine; a folder laid out like it in tests */
    public HardwareId(Path root) {
        this.root = root;
    }

    public static HardwareId system() {
        return new HardwareId(Path.of("/"));
    }

    /** The first source that answers, or empty when none does (no serial, no UUID, no default route). */
    public Optional<Id> detect() {
        // a value ingest would not read back (whitespace inside) is no id: the next source is tried
        Optional<Id> id = deviceTreeSerial().filter(HardwareId::readable);
        if (id.isEmpty()) id = dmiUuid().filter(HardwareId::readable);
        if (id.isEmpty()) id = defaultRouteMac().filter(HardwareId::readable);
        return id;
    }

    Optional<Id> deviceTreeSerial() {
        // device-tree strings end in a NUL byte
        return read(Source.DT_SERIAL.file).map(s -> s.replace("\0", "").strip()).filter(s -> !s.isEmpty())
                .map(s -> new Id(Source.DT_SERIAL, s));
    }

    Optional<Id> dmiUuid() {
        return read(Source.DMI_UUID.file).map(String::strip).filter(s -> !s.isEmpty() && !PLACEHOLDER_UUID.matcher(s).matches())
                .map(s -> new Id(Source.DMI_UUID, s.toLowerCase(Locale.ROOT)));
    }

    Optional<Id> defaultRouteMac() {
        return read(Source.MAC.file).flatMap(HardwareId::defaultRouteInterface)
                .flatMap(iface -> read("sys/class/net/" + iface + "/address"))
                .map(s -> s.strip().toLowerCase(Locale.ROOT))
                .filter(s -> MAC_ADDRESS.matcher(s).matches() && !s.equals("00:00:00:00:00:00"))
                .map(s -> new Id(Source.MAC, s));
    }

    /**
     * The interface of the IPv4 default route in /proc/net/route's text: the route with destination
     * 00000000, the one of lowest metric when there are several (the one the kernel uses).
     */
    static Optional<String> defaultRouteInterface(String procNetRoute) {
        String best = null;
        long bestMetric = Long.MAX_VALUE;
        for (String line : procNetRoute.split("\n")) {
            String[] f = line.strip().split("\\s+");
            if (f.length < 7 || !f[1].equals(NO_ROUTE)) continue;
            long metric;
            try {
                metric = Long.parseLong(f[6]);
            } catch (NumberFormatException e) {
                continue;
            }
            if (metric < bestMetric && !f[0].contains("/") && !f[0].startsWith(".")) {
                best = f[0];
                bestMetric = metric;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * What collect says at its start about the recorded id when it may not tell machines apart:
     * none at all, or only a locally administered MAC address. Empty when the id is a serial, a
     * UUID or a maker's MAC.
     */
    public static Optional<String> warning(String hardwareId) {
        String advice = ": two VMs of one image may then look like one machine, so give each its own --device-id"
                + " and never resume a campaign on a machine other than the one that started it";
        if (hardwareId == null || hardwareId.isEmpty()) {
            return Optional.of("warning: no hardware id (no device-tree serial, no readable DMI product_uuid, no default"
                    + " route's MAC address)" + advice);
        }
        if (CampaignJson.isLocallyAdministeredMac(hardwareId)) {
            return Optional.of("warning: the hardware id is " + hardwareId + ", a locally administered MAC address"
                    + " (set by a VM manager or a driver, not by a maker), the only source here" + advice);
        }
        return Optional.empty();
    }

    private static boolean readable(Id id) {
        return CampaignJson.HARDWARE_ID.matcher(id.text()).matches();
    }

    private Optional<String> read(String relative) {
        try {
            return Optional.of(Files.readString(root.resolve(relative), StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            // absent, or readable by root only (DMI's product_uuid)
            return Optional.empty();
        }
    }
}
