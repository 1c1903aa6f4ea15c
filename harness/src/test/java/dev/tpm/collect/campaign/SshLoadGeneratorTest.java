package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.collect.Presets;
import dev.tpm.collect.loadgen.AutocannonCommand;
import dev.tpm.collect.loadgen.LoadGenHost;
import dev.tpm.collect.loadgen.LoadGenSetup;
import dev.tpm.collect.sample.PowerSource;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.stack.StackBuilder;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Preset;
import dev.tpm.model.RunRow;
import dev.tpm.testing.ExternalTool;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load generator on "another machine" for real: Debian's OpenSSH server started by the test
 * (not as a daemon, its own sshd_config, host key and client key generated in a temporary folder,
 * listening on 127.0.0.2 only), and smoke campaigns whose load generator (wrk; autocannon) runs
 * through the system's ssh in batch mode with key authentication.
 */
class SshLoadGeneratorTest {
    static final Path SSHD = TestSshd.SSHD;
    /** What the remote account's shell rc file writes to stderr at every login. */
    static final String RC_NOISE = "rc: cannot rehash: lock held (a line of the remote account's rc file)";

    @TempDir
    Path tmp;

    /** The test's sshd on 127.0.0.2, the ssh_config that reaches it as {@code loadgen-test}, and its log. */
    private record Sshd(Process process, String user, Path sshConfig, Path log) implements AutoCloseable {
        LoadGenHost host() {
            return new LoadGenHost(user + "@loadgen-test", sshConfig);
        }

        /** Asserts that ssh logged in through this sshd, with the client key. */
        void assertUsed() throws IOException {
            String text = Files.readString(log);
            assertTrue(text.contains("Accepted publickey for " + user), "the runs went through this sshd: " + text);
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
        }
    }

    private Sshd startSshd() throws Exception {
        ExternalTool.requireThat(Files.isExecutable(SSHD), SSHD + " (openssh-server) is not installed");
        ExternalTool.require("ssh");
        ExternalTool.require("ssh-keygen");
        Path hostKey = tmp.resolve("host_ed25519");
        Path clientKey = tmp.resolve("client_ed25519");
        TestSshd.run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", hostKey.toString()), 30);
        TestSshd.run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", clientKey.toString()), 30);
        Files.copy(Path.of(clientKey + ".pub"), tmp.resolve("authorized_keys"));
        int port = TestSshd.freePort("127.0.0.2");
        String user = System.getProperty("user.name");
        // The sessions' HOME is a folder of the test whose .bashrc (which bash reads in an sshd
        // session) writes to stderr, as a version manager's rc lines do: the harness must read each
        // command's answer from its stdout alone. No rc file of the account running the tests runs.
        Path home = Files.createDirectories(tmp.resolve("home"));
        Files.writeString(home.resolve(".bashrc"), "echo '" + RC_NOISE + "' >&2\n");
        Path sshdConfig = Files.writeString(tmp.resolve("sshd_config"), TestSshd.config("127.0.0.2", port, hostKey,
                tmp.resolve("sshd.pid"), tmp.resolve("authorized_keys"), "SetEnv HOME=" + home));
        Files.writeString(tmp.resolve("known_hosts"),
                "[127.0.0.2]:" + port + " " + Files.readString(Path.of(hostKey + ".pub")).trim() + "\n");
        Path sshConfig = Files.writeString(tmp.resolve("ssh_config"), String.join("\n",
                "Host loadgen-test",
                "  HostName 127.0.0.2",
                "  Port " + port,
                "  IdentityFile " + clientKey,
                "  IdentitiesOnly yes",
                "  UserKnownHostsFile " + tmp.resolve("known_hosts"),
                "  StrictHostKeyChecking yes",
                "  LogLevel ERROR",
                ""));
        // sshd run by root checks for its privilege-separation folder; it is empty and harmless
        if ("root".equals(user)) Files.createDirectories(Path.of("/run/sshd"));
        Path sshdLog = tmp.resolve("sshd.log");
        Process sshd = new ProcessBuilder(SSHD.toString(), "-D", "-e", "-f", sshdConfig.toString())
                .redirectErrorStream(true).redirectOutput(sshdLog.toFile()).start();
        Sshd d = new Sshd(sshd, user, sshConfig, sshdLog);
        try {
            TestSshd.awaitListening("127.0.0.2", port, sshd, sshdLog);
        } catch (Exception e) {
            d.close();
            throw e;
        }
        return d;
    }

    @Test
    void aSmokeCampaignRunsWrkThroughSsh() throws Exception {
        ExternalTool.require("wrk");
        try (Sshd sshd = startSshd()) {
            Preset p = Presets.load(Files.writeString(tmp.resolve("smoke.json"), CampaignRunnerTest.PRESET));
            StackSpec stack = TestCampaigns.stack(tmp, "aa");
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            CampaignSummary s = new CampaignRunner(CampaignOptions.builder(tmp.resolve("data"), "ssh1", p,
                    List.of(stack), "dev-1", LoadGenSetup.builder(Path.of("harness", "wrk")).host(sshd.host()).build(), tmp.resolve("work"))
                    .maxErrorRate(0.01).build(), new FakeServerSide(Set.of(), Set.of()),
                    new Sensors(PowerSource.NO_POWER, null), DeviceFacts.system(),
                    new PrintStream(log, true, StandardCharsets.UTF_8)).run();
            String logText = log.toString(StandardCharsets.UTF_8);
            assertEquals(0, s.failed() + s.discarded(), logText);
            Path dir = tmp.resolve("data/raw/ssh1");
            List<RunRow> rows = RunFiles.read(dir.resolve("phase1.csv"), 1);
            assertEquals(6, rows.size());
            for (RunRow r : rows) {
                assertTrue(r.ok() && r.requests() > 0 && r.latP99Ms() > 0, r.toString());
                assertTrue(r.loadgenCpuS() >= 0, "wrk's CPU, measured on the load generator's host: " + r);
            }
            String wrkOutput = Files.readString(dir.resolve("loadgen/1.txt"));
            assertTrue(wrkOutput.contains("TPM-WRK-RESULT"), "wrk's output came back");
            assertTrue(wrkOutput.contains(RC_NOISE), "the remote rc file wrote to stderr in every session: " + wrkOutput);
            JsonNode c = new ObjectMapper().readTree(dir.resolve("campaign.json").toFile());
            assertEquals("separate", c.at("/load_generator/host").asText());
            assertEquals("loadgen-test", c.at("/load_generator/host_name").asText());
            assertEquals("4.1.0", c.at("/load_generator/version").asText());
            sshd.assertUsed();
        }
    }

    /**
     * node-pi-smoke against the real node-express server, autocannon run through ssh from the
     * pinned install (its folder given as the remote host's path): the JSON of every run comes back
     * as loadgen/&lt;seq&gt;.json and node's CPU seconds are measured there.
     */
    @Test
    void aNodePiSmokeCampaignRunsAutocannonThroughSsh() throws Exception {
        ExternalTool.require("node");
        Path autocannon = Path.of("harness", "loadgen", "autocannon").toAbsolutePath();
        ExternalTool.requireThat(Files.isRegularFile(AutocannonCommand.script(autocannon)),
                "autocannon is not installed in " + autocannon + " (make loadgen)");
        StackSpec stack = StackSpec.load(Path.of("servers", "node-express"));
        ExternalTool.requireThat(StackBuilder.isBuilt(stack), "stack node-express is not built (make servers)");
        try (Sshd sshd = startSshd()) {
            Preset p = Presets.resolve("node-pi-smoke", Path.of("harness", "presets"));
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            // node given by its full path, as --node gives it: an ssh command's PATH may lack it
            String node = new String(new ProcessBuilder("sh", "-c", "command -v node").start().getInputStream().readAllBytes(),
                    StandardCharsets.UTF_8).strip();
            CampaignSummary s = new CampaignRunner(CampaignOptions.builder(tmp.resolve("data"), "ssh-ac", p,
                    List.of(stack), "dev-1", LoadGenSetup.builder(Path.of("harness", "wrk")).host(sshd.host()).autocannonDir(autocannon)
                            .node(node).build(), tmp.resolve("work")).maxErrorRate(0.01).build(), new StackServerSide(),
                    new Sensors(PowerSource.NO_POWER, null), DeviceFacts.system(),
                    new PrintStream(log, true, StandardCharsets.UTF_8)).run();
            String logText = log.toString(StandardCharsets.UTF_8);
            assertEquals(0, s.failed() + s.discarded(), logText);
            Path dir = tmp.resolve("data/raw/ssh-ac");
            List<RunRow> rows = RunFiles.read(dir.resolve("phase1.csv"), 1);
            // node's one thread may well fill its core at 4 connections (the note says so; it is the
            // machine's, not the code's): the count in the summary is the rows' notes, phase 3's included
            long boundRows = rows.stream().filter(r -> r.note() != null && r.note().contains(RunVerdict.LOADGEN_BOUND_NOTE))
                    .count();
            assertTrue(s.loadGeneratorBound() >= boundRows && s.loadGeneratorBound() <= boundRows + 1, logText);
            assertEquals(4, rows.size(), "hello_json and heavy, 1 warm-up and 1 run each: " + rows);
            ObjectMapper json = new ObjectMapper();
            for (RunRow r : rows) {
                assertTrue(r.ok() && r.requests() > 0 && r.latP99Ms() > 0, r.toString());
                assertTrue(r.loadgenCpuS() > 0, "node's CPU, measured on the load generator's host: " + r);
                Path kept = dir.resolve("loadgen/" + r.seq() + ".json");
                JsonNode result = json.readTree(kept.toFile());
                assertEquals(r.requests().longValue(), result.at("/requests/total").asLong(), kept + " is the run's result");
                assertEquals(4, result.get("connections").asInt(), kept.toString());
            }
            assertEquals(5, s.runsExecuted(), "and the memory series run: " + logText);
            assertTrue(Files.isRegularFile(dir.resolve(CampaignFolder.PHASE3_DIR)
                    .resolve(MemorySeriesFile.fileName("node-express", "hello_json", 1))), "the memory series kept");
            JsonNode c = json.readTree(dir.resolve("campaign.json").toFile());
            assertEquals("autocannon", c.at("/load_generator/tool").asText());
            assertEquals("separate", c.at("/load_generator/host").asText());
            assertEquals("loadgen-test", c.at("/load_generator/host_name").asText());
            assertEquals(json.readTree(autocannon.resolve("package.json").toFile()).at("/dependencies/autocannon").asText(),
                    c.at("/load_generator/version").asText(), "read on that host");
            assertTrue(c.at("/load_generator/version_line").asText().matches("autocannon v\\S+ \\(npm\\), node v\\S+"),
                    "and the node that ran it: " + c.at("/load_generator/version_line").asText());
            sshd.assertUsed();
        }
    }
}
