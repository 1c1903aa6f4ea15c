package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.codec.CampaignJson;
import dev.tpm.model.Machine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * data.md version 4's {@code machine.hardware_id}, each source read from a folder laid out like /
 * (the files as the kernel shows them: a device-tree string with its NUL, /proc/net/route's table).
 */
class HardwareIdTest {
    @TempDir
    Path tmp;

    /** /proc/net/route of a machine whose default route goes out of {@code iface}. */
    private static String route(String iface) {
        return "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
                + iface + "\t00000000\t010200C0\t0003\t0\t0\t0\t00000000\t0\t0\t0\n"
                + iface + "\t000200C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n";
    }

    private static Path write(Path root, String relative, byte[] bytes) throws IOException {
        Path f = root.resolve(relative);
        Files.createDirectories(f.getParent());
        return Files.write(f, bytes);
    }

    private static Path write(Path root, String relative, String text) throws IOException {
        return write(root, relative, text.getBytes(StandardCharsets.UTF_8));
    }

    private static Optional<String> detect(Path root) {
        return new HardwareId(root).detect().map(HardwareId.Id::text);
    }

    private static final String PI_SERIAL = "sys/firmware/devicetree/base/serial-number";
    private static final String DMI_UUID = "sys/class/dmi/id/product_uuid";

    /** A machine with only a network: eth0 with a maker's (universally administered) MAC, the default route through it. */
    private Path withMac(String name) throws IOException {
        Path root = tmp.resolve(name);
        write(root, "proc/net/route", route("eth0"));
        write(root, "sys/class/net/eth0/address", "D8:3A:DD:12:34:56\n");
        write(root, "sys/class/net/lo/address", "00:00:00:00:00:00\n");
        return root;
    }

    @Test
    void aRaspberryPisSerialIsReadWithoutTheDeviceTreesNul() throws IOException {
        Path root = withMac("pi");
        // as a Pi 5 shows it: 16 hex digits and the NUL that ends every device-tree string, no newline
        write(root, PI_SERIAL, "a1b2c3d4e5f60718\0".getBytes(StandardCharsets.US_ASCII));
        assertEquals(Optional.of("dt-serial:a1b2c3d4e5f60718"), detect(root));
    }

    @Test
    void anX86MachinesDmiUuidIsRead() throws IOException {
        Path root = withMac("x86");
        write(root, DMI_UUID, "4C4C4544-0042-3510-8051-B4C04F564433\n");
        assertEquals(Optional.of("dmi-uuid:4c4c4544-0042-3510-8051-b4c04f564433"), detect(root));
    }

    @Test
    void aDmiUuidThatCannotBeReadOrTellsNothingFallsToTheMac() throws IOException {
        Path absent = withMac("absent");
        assertEquals(Optional.of("mac:d8:3a:dd:12:34:56"), detect(absent));

        // unreadable whoever runs the test (as root, a file's mode 0400 would not stop the read)
        Path unreadable = withMac("unreadable");
        Files.createDirectories(unreadable.resolve(DMI_UUID));
        assertEquals(Optional.of("mac:d8:3a:dd:12:34:56"), detect(unreadable));

        Path placeholder = withMac("placeholder");
        write(placeholder, DMI_UUID, "00000000-0000-0000-0000-000000000000\n");
        assertEquals(Optional.of("mac:d8:3a:dd:12:34:56"), detect(placeholder));

        Path empty = withMac("empty-serial");
        write(empty, PI_SERIAL, "\0".getBytes(StandardCharsets.US_ASCII));
        assertEquals(Optional.of("mac:d8:3a:dd:12:34:56"), detect(empty), "an empty serial is no serial");
    }

    @Test
    void theMacIsTheDefaultRoutesInterfacesOfLowestMetric() throws IOException {
        Path root = tmp.resolve("two-routes");
        write(root, "proc/net/route", "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
                + "wlan0\t0000A8C0\t00000000\t0001\t0\t0\t600\t00FFFFFF\t0\t0\t0\n"
                + "wlan0\t00000000\t0100A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0\n"
                + "eth0\t00000000\t0101A8C0\t0003\t0\t0\t100\t00000000\t0\t0\t0\n");
        write(root, "sys/class/net/wlan0/address", "d8:3a:dd:00:00:02\n");
        write(root, "sys/class/net/eth0/address", "d8:3a:dd:00:00:01\n");
        assertEquals(Optional.of("mac:d8:3a:dd:00:00:01"), detect(root));
        assertEquals(Optional.of("wlan0"), HardwareId.defaultRouteInterface(route("wlan0")));
    }

    @Test
    void withoutADefaultRouteOrItsAddressThereIsNoId() throws IOException {
        Path noDefault = tmp.resolve("no-default");
        write(noDefault, "proc/net/route", "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
                + "eth0\t000200C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n");
        write(noDefault, "sys/class/net/eth0/address", "d8:3a:dd:00:00:01\n");
        assertEquals(Optional.empty(), detect(noDefault));

        Path noAddress = tmp.resolve("tunnel");
        write(noAddress, "proc/net/route", route("wg0")); // a WireGuard interface has no MAC
        assertEquals(Optional.empty(), detect(noAddress));

        assertEquals(Optional.empty(), detect(tmp.resolve("nothing-at-all")));
    }

    @Test
    void aSerialComesBeforeAUuidAndAUuidBeforeTheMac() throws IOException {
        Path root = withMac("all");
        write(root, DMI_UUID, "4c4c4544-0042-3510-8051-b4c04f564433\n");
        assertEquals(Optional.of("dmi-uuid:4c4c4544-0042-3510-8051-b4c04f564433"), detect(root));
        write(root, PI_SERIAL, "10000000deadbeef\0".getBytes(StandardCharsets.US_ASCII));
        assertEquals(Optional.of("dt-serial:10000000deadbeef"), detect(root));
    }

    @Test
    void aLocallyAdministeredMacOrNoIdIsWarnedAbout() {
        // this project's VMs: 02:fc:00:00:00:01, bit 0x02 of the first octet set by the VM manager
        Optional<String> vm = HardwareId.warning("mac:02:fc:00:00:00:01");
        assertTrue(vm.orElseThrow().startsWith("warning: the hardware id is mac:02:fc:00:00:00:01, a locally administered"
                + " MAC address"), vm.toString());
        assertTrue(vm.orElseThrow().contains("two VMs of one image may then look like one machine"), vm.toString());
        assertTrue(HardwareId.warning(null).orElseThrow().startsWith("warning: no hardware id"));
        assertEquals(Optional.empty(), HardwareId.warning("mac:d8:3a:dd:12:34:56"), "a maker's MAC");
        assertEquals(Optional.empty(), HardwareId.warning("mac:00:16:3e:12:34:56"), "Xen's OUI: 0x00 has bit 0x02 clear");
        assertEquals(Optional.empty(), HardwareId.warning("dt-serial:a1b2c3d4e5f60718"));
        assertEquals(Optional.empty(), HardwareId.warning("dmi-uuid:02fc0000-0000-0000-0000-000000000001"));
        assertTrue(HardwareId.warning("mac:52:54:00:12:34:56").isPresent(), "QEMU's default MAC range is locally administered");
    }

    @Test
    void theMachineRecordCarriesTheId() throws IOException {
        Path root = withMac("facts");
        write(root, "etc/machine-id", "3d1219c7c4c5404aaa1f6d2a48adfda4\n");
        DeviceFacts facts = new DeviceFacts(root, argv -> {
            throw new IOException("no " + argv.get(0) + " in this test");
        });
        assertEquals(new Machine("3d1219c7c4c5404aaa1f6d2a48adfda4", null, null, null, "mac:d8:3a:dd:12:34:56", null, Map.of()),
                facts.machine());
    }

    @Test
    void thisMachineHasAnIdThatIngestReadsBack() {
        Optional<HardwareId.Id> here = HardwareId.system().detect();
        assertTrue(here.isPresent(), "no device-tree serial, no readable DMI product_uuid and no default route's MAC here");
        String id = here.get().text();
        assertTrue(id.startsWith("dt-serial:") || id.startsWith("dmi-uuid:") || id.startsWith("mac:"), id);
        assertTrue(id.length() > here.get().source().prefix.length(), id);
        assertTrue(CampaignJson.HARDWARE_ID.matcher(id).matches(), id);
        assertEquals(id, DeviceFacts.system().machine().hardwareId());
    }

    @Test
    void onlyIdsIngestReadsBackAreRecorded() throws IOException {
        Path root = withMac("spaces");
        write(root, PI_SERIAL, "not one word\0".getBytes(StandardCharsets.US_ASCII));
        assertEquals(Optional.of("mac:d8:3a:dd:12:34:56"), detect(root));
        assertFalse(CampaignJson.HARDWARE_ID.matcher("dt-serial:not one word").matches());
    }
}
