package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.collect.Presets;
import dev.tpm.codec.CampaignJson;
import dev.tpm.model.Machine;
import dev.tpm.model.Preset;
import dev.tpm.testing.ExternalTool;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign may outlast a session, never a machine (data.md {@code machine}): campaign.json
 * records the machine that started it, and a resume elsewhere is refused with the reason. The
 * other machine is a folder laid out like / with another machine-id (a faked identity).
 */
class MachineIdentityTest {
    @TempDir
    Path tmp;

    private static Path fakeRoot(Path dir, String machineId, String kernelBuild) throws IOException {
        Files.createDirectories(dir.resolve("etc"));
        Files.createDirectories(dir.resolve("proc/sys/kernel"));
        Files.writeString(dir.resolve("etc/machine-id"), machineId + "\n");
        Files.writeString(dir.resolve("proc/sys/kernel/osrelease"), "6.18.44-fc-v1045\n");
        Files.writeString(dir.resolve("proc/sys/kernel/version"), kernelBuild + "\n");
        Files.writeString(dir.resolve("proc/meminfo"), "MemTotal:       24609132 kB\nMemFree:  1 kB\n");
        Files.writeString(dir.resolve("proc/cpuinfo"), "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 26\n"
                + "model\t\t: 2\nmodel name\t: AMD EPYC\nstepping\t: 1\nmicrocode\t: 0xb002116\n");
        return dir;
    }

    private static DeviceFacts facts(Path root) {
        // no lscpu: the CPU model comes from the fake /proc/cpuinfo
        return new DeviceFacts(root, argv -> {
            throw new IOException("no " + argv.get(0) + " in this test");
        });
    }

    @Test
    void theMachineIsReadAsUnameAndProcShowIt() throws IOException {
        Machine m = facts(fakeRoot(tmp.resolve("a"), "3d1219c7c4c5404aaa1f6d2a48adfda4", "#1 SMP PREEMPT_DYNAMIC @0"))
                .machine();
        assertEquals(new Machine("3d1219c7c4c5404aaa1f6d2a48adfda4", "6.18.44-fc-v1045 #1 SMP PREEMPT_DYNAMIC @0", "AMD EPYC",
                24609132L, null, "x86:AuthenticAMD:26:2:1", Map.of()), m);
        Machine here = DeviceFacts.system().machine();
        if (Files.isReadable(Path.of("/etc/machine-id"))) {
            assertEquals(Files.readString(Path.of("/etc/machine-id")).strip(), here.machineId());
        }
        assertTrue(here.memoryKib() > 0, here.toString());
    }

    @Test
    void aResumeOnAnotherMachineIsRefusedAndSaysWhy() throws Exception {
        ExternalTool.require("wrk");
        Preset p = Presets.load(Files.writeString(tmp.resolve("unit.json"), CampaignRunnerTest.PRESET));
        Path first = fakeRoot(tmp.resolve("first"), "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "#1 SMP PREEMPT_DYNAMIC @0");
        runner(p, facts(first)).run();
        JsonNode recorded = new ObjectMapper().readTree(tmp.resolve("data/raw/c1/campaign.json").toFile()).get("machine");
        assertEquals("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", recorded.get("machine_id").asText());

        // the same machine resumes (nothing is left to run)
        assertEquals(0, runner(p, facts(first)).run().runsExecuted());

        Path other = fakeRoot(tmp.resolve("other"), "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "#2 SMP PREEMPT_DYNAMIC @0");
        IOException e = assertThrows(IOException.class, () -> runner(p, facts(other)).run());
        assertTrue(e.getMessage().endsWith("raw/c1/campaign.json: $.machine: this campaign was started on another machine"
                + " (machine_id \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\" there, \"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\" here;"
                + " kernel \"6.18.44-fc-v1045 #1 SMP PREEMPT_DYNAMIC @0\" there, \"6.18.44-fc-v1045 #2 SMP PREEMPT_DYNAMIC @0\""
                + " here); another machine is another device: start a new campaign with its own id and device id"
                + " (--campaign, --device-id) instead of resuming this one"), e.getMessage());
    }

    @Test
    void theCpuIdIsReadInItsArmFormAndLeftOutWhenAFieldIsMissing() throws IOException {
        Path pi = fakeRoot(tmp.resolve("pi"), "0123456789abcdef0123456789abcdef", "#1 SMP PREEMPT");
        Files.writeString(pi.resolve("proc/cpuinfo"), "processor\t: 0\nBogoMIPS\t: 108.00\nCPU implementer\t: 0x41\n"
                + "CPU architecture: 8\nCPU variant\t: 0x4\nCPU part\t: 0xd0b\nCPU revision\t: 1\n\nprocessor\t: 1\n"
                + "CPU implementer\t: 0x41\n\nModel\t\t: Raspberry Pi 5 Model B Rev 1.0\n");
        assertEquals("arm:0x41:0xd0b:0x4:1", facts(pi).machine().cpuId());
        Path vm = fakeRoot(tmp.resolve("vm"), "0123456789abcdef0123456789abcdef", "#1 SMP PREEMPT");
        Files.writeString(vm.resolve("proc/cpuinfo"), "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\n"
                + "model name\t: AMD EPYC\n");
        assertNull(facts(vm).machine().cpuId(), "no model or stepping line: no id rather than half of one");
        String here = DeviceFacts.system().machine().cpuId();
        if (here != null) assertTrue(CampaignJson.CPU_ID.matcher(here).matches(), here);
    }

    @Test
    void aCampaignOnAnotherCpuIsNotResumed() throws IOException {
        Machine there = new Machine("m", "k", "AMD EPYC", 1L, null, "x86:AuthenticAMD:26:2:1", Map.of());
        Machine here = new Machine("m", "k", "AMD EPYC", 1L, null, "x86:AuthenticAMD:25:17:1", Map.of());
        IOException e = assertThrows(IOException.class,
                () -> CampaignJsonWriter.requireSameMachine(Path.of("c.json"), there, here));
        assertTrue(e.getMessage().contains("cpu_id \"x86:AuthenticAMD:26:2:1\" there, \"x86:AuthenticAMD:25:17:1\" here"),
                e.getMessage());
        CampaignJsonWriter.requireSameMachine(Path.of("c.json"), there, there);
    }

    @Test
    void aCampaignWithoutAMachineIsNotResumed() {
        IOException e = assertThrows(IOException.class, () -> CampaignJsonWriter.requireSameMachine(Path.of("c.json"),
                null, new Machine("x", null, null, null, null, null, Map.of())));
        assertTrue(e.getMessage().startsWith("c.json: $.machine: expected the identity of the machine that started this"
                + " campaign, found nothing (an older harness started it)"), e.getMessage());
    }

    /** {@code root} with a Raspberry Pi's device-tree serial (data.md version 4's hardware_id) and this boot's id. */
    private static Path withSerial(Path root, String serial, String bootId) throws IOException {
        Files.createDirectories(root.resolve("sys/firmware/devicetree/base"));
        Files.write(root.resolve("sys/firmware/devicetree/base/serial-number"),
                (serial + "\0").getBytes(StandardCharsets.US_ASCII));
        Files.createDirectories(root.resolve("proc/sys/kernel/random"));
        Files.writeString(root.resolve("proc/sys/kernel/random/boot_id"), bootId + "\n");
        return root;
    }

    private static final String IMAGE_ID = "3d1219c7c4c5404aaa1f6d2a48adfda4";
    private static final String BUILD = "#1 SMP PREEMPT_DYNAMIC @0";

    @Test
    void aResumeOnAnotherBoardOfTheSameImageIsRefusedAndNamesBothIds() throws Exception {
        ExternalTool.require("wrk");
        Preset p = Presets.load(Files.writeString(tmp.resolve("unit.json"), CampaignRunnerTest.PRESET));
        Path first = withSerial(fakeRoot(tmp.resolve("first"), IMAGE_ID, BUILD), "a1b2c3d4e5f60718",
                "f84a9266-9a8d-42af-8f68-46430f10d1c3");
        runner(p, facts(first)).run();
        JsonNode recorded = new ObjectMapper().readTree(tmp.resolve("data/raw/c1/campaign.json").toFile()).get("machine");
        assertEquals("dt-serial:a1b2c3d4e5f60718", recorded.get("hardware_id").asText());

        // machine-id, kernel, CPU and memory alike: only the serial tells the boards apart
        Path other = withSerial(fakeRoot(tmp.resolve("other"), IMAGE_ID, BUILD), "0718a1b2c3d4e5f6",
                "0c9e4d6a-1f2b-4c3d-8e5f-6a7b8c9d0e1f");
        IOException e = assertThrows(IOException.class, () -> runner(p, facts(other)).run());
        assertTrue(e.getMessage().endsWith("raw/c1/campaign.json: $.machine: this campaign was started on another machine"
                + " (hardware_id \"dt-serial:a1b2c3d4e5f60718\" there, \"dt-serial:0718a1b2c3d4e5f6\" here); another machine"
                + " is another device: start a new campaign with its own id and device id (--campaign, --device-id) instead"
                + " of resuming this one"), e.getMessage());
    }

    @Test
    void aResumeAfterARebootOfTheSameBoardGoesOn() throws Exception {
        ExternalTool.require("wrk");
        Preset p = Presets.load(Files.writeString(tmp.resolve("unit.json"), CampaignRunnerTest.PRESET));
        Path before = withSerial(fakeRoot(tmp.resolve("before"), IMAGE_ID, BUILD), "a1b2c3d4e5f60718",
                "f84a9266-9a8d-42af-8f68-46430f10d1c3");
        int runs = runner(p, facts(before)).run().runsExecuted();
        assertTrue(runs > 0);
        Path campaignJson = tmp.resolve("data/raw/c1/campaign.json");
        String started = Files.readString(campaignJson);

        // the same board after a power cut: a new boot id, everything else as it was
        Path after = withSerial(fakeRoot(tmp.resolve("after"), IMAGE_ID, BUILD), "a1b2c3d4e5f60718",
                "0c9e4d6a-1f2b-4c3d-8e5f-6a7b8c9d0e1f");
        assertEquals(0, runner(p, facts(after)).run().runsExecuted());
        assertEquals(started, Files.readString(campaignJson), "a resume never rewrites campaign.json");
    }

    @Test
    void aCampaignRecordedWithoutAHardwareIdIsComparedAsBefore() throws Exception {
        ExternalTool.require("wrk");
        Preset p = Presets.load(Files.writeString(tmp.resolve("unit.json"), CampaignRunnerTest.PRESET));
        // started by a harness of data.md version 3: no hardware_id in its machine
        Path v3 = fakeRoot(tmp.resolve("v3"), IMAGE_ID, BUILD);
        runner(p, facts(v3)).run();
        Path campaignJson = tmp.resolve("data/raw/c1/campaign.json");
        assertFalse(new ObjectMapper().readTree(campaignJson.toFile()).get("machine").has("hardware_id"));

        // the same machine, now with a hardware id: machine_id, kernel, CPU and memory match, so it resumes
        Path now = withSerial(fakeRoot(tmp.resolve("now"), IMAGE_ID, BUILD), "a1b2c3d4e5f60718",
                "0c9e4d6a-1f2b-4c3d-8e5f-6a7b8c9d0e1f");
        assertEquals(0, runner(p, facts(now)).run().runsExecuted());
        assertFalse(new ObjectMapper().readTree(campaignJson.toFile()).get("machine").has("hardware_id"));

        // and another machine-id is still refused, as before
        Path other = withSerial(fakeRoot(tmp.resolve("other"), "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", BUILD),
                "a1b2c3d4e5f60718", "0c9e4d6a-1f2b-4c3d-8e5f-6a7b8c9d0e1f");
        IOException e = assertThrows(IOException.class, () -> runner(p, facts(other)).run());
        assertTrue(e.getMessage().contains("(machine_id \"" + IMAGE_ID + "\" there, \"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\""
                + " here)"), e.getMessage());
    }

    @Test
    void collectWarnsWhenOnlyALocallyAdministeredMacIdentifiesTheMachine() throws Exception {
        ExternalTool.require("wrk");
        Preset p = Presets.load(Files.writeString(tmp.resolve("unit.json"), CampaignRunnerTest.PRESET));
        Path vm = fakeRoot(tmp.resolve("vm"), IMAGE_ID, BUILD);
        Files.createDirectories(vm.resolve("proc/net"));
        Files.writeString(vm.resolve("proc/net/route"), "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU"
                + "\tWindow\tIRTT\neth0\t00000000\t010200C0\t0003\t0\t0\t0\t00000000\t0\t0\t0\n");
        Files.createDirectories(vm.resolve("sys/class/net/eth0"));
        Files.writeString(vm.resolve("sys/class/net/eth0/address"), "02:fc:00:00:00:01\n");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        runner(p, facts(vm), new PrintStream(log, true, StandardCharsets.UTF_8)).run();
        String said = log.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("collect: warning: the hardware id is mac:02:fc:00:00:00:01, a locally administered MAC"
                + " address"), said);
        assertEquals("mac:02:fc:00:00:00:01", new ObjectMapper().readTree(tmp.resolve("data/raw/c1/campaign.json").toFile())
                .get("machine").get("hardware_id").asText());
    }

    private CampaignRunner runner(Preset p, DeviceFacts facts) {
        return runner(p, facts, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    private CampaignRunner runner(Preset p, DeviceFacts facts, PrintStream log) {
        return new CampaignRunner(TestCampaigns.options(tmp, "c1", p, List.of(TestCampaigns.stack(tmp, "aa"))).build(),
                new FakeServerSide(Set.of(), Set.of()), TestCampaigns.quietSensors(), facts, log);
    }
}
