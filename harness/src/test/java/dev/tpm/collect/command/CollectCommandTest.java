package dev.tpm.collect.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.Presets;
import dev.tpm.collect.sample.PowerSource;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.sample.Throttling;
import dev.tpm.model.Preset;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CollectCommandTest {
    @TempDir
    Path tmp;

    @Test
    void aPaperCampaignWithoutVcgencmdIsRefusedUnlessTheUserSaysSo() throws Exception {
        Path presets = Path.of("harness", "presets");
        Preset paper = Presets.resolve("paper", presets);
        Sensors none = new Sensors(PowerSource.NO_POWER, null);
        String why = CollectCommand.refusal(paper, none, false);
        assertTrue(why.contains("add this user to the video group"), why);
        assertTrue(why.contains("--without-vcgencmd"), why);
        assertNull(CollectCommand.refusal(paper, none, true), "the explicit flag");
        assertNull(CollectCommand.refusal(paper, new Sensors(PowerSource.NO_POWER, new Throttling(a -> "throttled=0x0\n")), false));
        assertNull(CollectCommand.refusal(Presets.resolve("smoke", presets), none, false), "only the paper protocol needs it");
    }

    /** On this machine (no vcgencmd) the registered command refuses before building or measuring anything. */
    @Test
    void theCommandLineRefusesAndNamesTheFix() throws Exception {
        ExternalToolFree.assumeNoVcgencmd();
        PrintStream old = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            code = new CommandLine(new CollectCommand()).execute("--preset", "paper", "--data", tmp.resolve("data").toString(),
                    "--servers", Files.createDirectories(tmp.resolve("servers")).toString(), "--work", tmp.resolve("work").toString());
        } finally {
            System.setErr(old);
        }
        assertEquals(1, code);
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("video group"), text);
        assertTrue(!Files.exists(tmp.resolve("data/raw")), "nothing written");
    }

    /** autocannon on another machine needs the folder there where npm installed it: nothing runs without it. */
    @Test
    void autocannonOverSshNeedsItsFolderThere() throws Exception {
        PrintStream old = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            code = new CommandLine(new CollectCommand()).execute("--preset", "node-pi-smoke", "--data", tmp.resolve("data").toString(),
                    "--servers", Files.createDirectories(tmp.resolve("servers")).toString(), "--work", tmp.resolve("work").toString(),
                    "--loadgen-host", "bench@192.0.2.1");
        } finally {
            System.setErr(old);
        }
        assertEquals(1, code);
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("give --autocannon DIR, the folder on bench@192.0.2.1 where `npm ci` installed"), text);
        assertTrue(!Files.exists(tmp.resolve("data/raw")), "nothing written");
    }

    /** Skips where vcgencmd answers (a Pi): the refusal would not happen there. */
    static final class ExternalToolFree {
        static void assumeNoVcgencmd() {
            org.junit.jupiter.api.Assumptions.assumeFalse(Sensors.detect().vcgencmdReadable(), "vcgencmd answers here");
        }
    }
}
