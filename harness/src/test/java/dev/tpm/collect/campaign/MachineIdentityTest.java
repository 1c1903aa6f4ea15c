package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.collect.Preset;
import dev.tpm.model.Machine;
import dev.tpm.collect.sample.PowerSource;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.sample.Throttling;
import dev.tpm.collect.stack.StackSpec;
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
        Files.writeString(dir.resolve("proc/cpuinfo"), "processor\t: 0\nmodel name\t: AMD EPYC\n");
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
                24609132L, null, Map.of()), m);
        Machine here = DeviceFacts.system().machine();
        if (Files.isReadable(Path.of("/etc/machine-id"))) {
            assertEquals(Files.readString(Path.of("/etc/machine-id")).strip(), here.machineId());
        }
        assertTrue(here.memoryKib() > 0, here.toString());
    }

    @Test
    void aResumeOnAnotherMachineIsRefusedAndSaysWhy() throws Exception {
        ExternalTool.require("wrk");
        Preset p = Preset.load(Files.writeString(tmp.resolve("unit.json"), CampaignRunnerTest.PRESET));
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
    void aCampaignWithoutAMachineIsNotResumed() {
        IOException e = assertThrows(IOException.class, () -> CampaignJsonWriter.requireSameMachine(Path.of("c.json"),
                null, new Machine("x", null, null, null, null, Map.of())));
        assertTrue(e.getMessage().startsWith("c.json: $.machine: expected the identity of the machine that started this"
                + " campaign, found nothing (an older harness started it)"), e.getMessage());
    }

    private CampaignRunner runner(Preset p, DeviceFacts facts) {
        Sensors sensors = new Sensors(PowerSource.NO_POWER, new Throttling(argv -> "throttled=0x0\n"));
        StackSpec stack = new StackSpec("aa", tmp.resolve("servers").resolve("aa"), "Lang", "Framework aa", List.of(),
                List.of(), List.of("true"), Map.of(), 1, List.of(), List.of());
        return new CampaignRunner(CampaignRunner.Options.builder(tmp.resolve("data"), "c1", p, List.of(stack), "dev-1", Path.of("harness", "wrk"), tmp.resolve("work")).build(), new FakeServerSide(Set.of(), Set.of()),
                sensors, facts, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }
}
