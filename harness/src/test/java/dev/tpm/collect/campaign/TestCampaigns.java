package dev.tpm.collect.campaign;

import dev.tpm.collect.Presets;
import dev.tpm.collect.loadgen.LoadGenSetup;
import dev.tpm.collect.sample.PowerSource;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.sample.Throttling;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Preset;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The set-up the campaign tests share: a preset from its JSON text, a stack of the in-process test
 * server ({@link FakeServerSide}), the options of a campaign in a temporary folder (data/ and work/
 * under it, real wrk here, device dev-1) and its runner logging into a stream.
 */
final class TestCampaigns {
    private TestCampaigns() {}

    /** A preset file written into {@code tmp} and read as collect reads one. */
    static Preset preset(Path tmp, String name, String json) throws IOException {
        Path f = tmp.resolve(name + ".json");
        Files.writeString(f, json);
        return Presets.load(f);
    }

    /** A stack that FakeServerSide serves: no build, no toolchain, one worker. */
    static StackSpec stack(Path tmp, String id) {
        return StackSpec.builder(id, tmp.resolve("servers").resolve(id), List.of("true")).language("Lang")
                .framework("Framework " + id).create();
    }

    /** The options of campaign {@code campaign} in {@code tmp}: data/, work/, local wrk, device dev-1. */
    static CampaignOptionsBuilder options(Path tmp, String campaign, Preset p, List<StackSpec> stacks) {
        return options(tmp, campaign, p, stacks, tmp.resolve("work"));
    }

    /** The same with another work folder (a second campaign beside the first). */
    static CampaignOptionsBuilder options(Path tmp, String campaign, Preset p, List<StackSpec> stacks, Path work) {
        return CampaignOptions.builder(tmp.resolve("data"), campaign, p, stacks, "dev-1", LoadGenSetup.local(Path.of("harness", "wrk")),
                work);
    }

    /** Sensors without power and with throttling flags that never change. */
    static Sensors quietSensors() {
        return new Sensors(PowerSource.NO_POWER, new Throttling(argv -> "throttled=0x0\n"));
    }

    /** The runner of {@code o} on the test server, this machine's facts, logging into {@code log}. */
    static CampaignRunner runner(CampaignOptions o, ServerSide side, Sensors sensors, DeviceFacts facts, OutputStream log) {
        return new CampaignRunner(o, side, sensors, facts, new PrintStream(log, true, StandardCharsets.UTF_8));
    }
}
