package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.model.RunRow;
import dev.tpm.testing.ExternalTool;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code make fleet} end to end (spec/servers.md, "Fleets"): two "devices" are OpenSSH servers the
 * test starts on 127.0.0.3 and 127.0.0.4, each with its own host key and its own folder as the
 * device's checkout, reached by the pinned Ansible with a generated client key. The smoke preset on
 * go runs on both at once; during the first run the second device's sshd is stopped (its sessions
 * with it) and its campaign killed as a power cut would: the first device's campaign lands, the
 * second is named and the exit status is non-zero. With its sshd back, the same command leaves the
 * first alone and resumes the second where it stopped, without running any (stack, endpoint,
 * concurrency, run) twice. sha256sum -c passes on the merged data folder.
 */
class FleetTest {
    static final Path SSHD = TestSshd.SSHD;
    static final Path PLAYBOOK_BIN = Path.of("fleet", ".venv", "bin", "ansible-playbook");
    static final Path JAR = Path.of("target", "tpm.jar");
    static final Path OHA = Path.of("harness", "loadgen", "oha");

    @TempDir
    Path tmp;

    /** One device: its sshd's address, port and files, and its checkout. */
    private final class Device implements AutoCloseable {
        final String host;
        final String address;
        final int port;
        final Path dir;
        Process sshd;

        Device(String host, String address) throws IOException, InterruptedException {
            this.host = host;
            this.address = address;
            this.port = TestSshd.freePort(address);
            this.dir = Files.createDirectories(tmp.resolve(host));
            TestSshd.run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_ed25519").toString()), 60);
            Files.writeString(dir.resolve("sshd_config"), TestSshd.config(address, port, dir.resolve("host_ed25519"),
                    dir.resolve("sshd.pid"), tmp.resolve("authorized_keys"), "Subsystem sftp internal-sftp",
                    // The test drops a device by killing its sessions. A shell killed while the rc file
                    // of the account running the tests ran (root's `pyenv init` rehashes under a lock)
                    // would leave that lock behind, and every later login on the machine, other tests'
                    // included, would wait 60 s for it (seen on this project's CI). bash reads ~/.bashrc
                    // in an sshd session only as the top-level shell (SHLVL unset): the devices' sessions
                    // run no rc file, as on a clean device, and the playbook prepends go's and cargo's
                    // folders to PATH itself.
                    "SetEnv SHLVL=1"));
            Files.writeString(tmp.resolve("known_hosts"), "[" + address + "]:" + port + " "
                    + Files.readString(dir.resolve("host_ed25519.pub")).trim() + "\n", java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        }

        Path checkout() {
            return dir.resolve("tpm");
        }

        Path state() {
            return checkout().resolve(".fleet").resolve("smoke");
        }

        void start() throws Exception {
            sshd = new ProcessBuilder(SSHD.toString(), "-D", "-e", "-f", dir.resolve("sshd_config").toString())
                    .redirectErrorStream(true).redirectOutput(java.lang.ProcessBuilder.Redirect.appendTo(dir.resolve("sshd.log").toFile()))
                    .start();
            TestSshd.awaitListening(address, port, sshd, dir.resolve("sshd.log"));
        }

        /** The sshd and every session it serves end, as when the device drops off the network. */
        void stop() throws InterruptedException {
            if (sshd == null) return;
            List<ProcessHandle> sessions = sshd.toHandle().descendants().toList();
            sshd.destroy();
            sessions.forEach(ProcessHandle::destroyForcibly);
            if (!sshd.waitFor(10, TimeUnit.SECONDS)) sshd.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            sshd = null;
        }

        /** The pid the device's campaign wrapper wrote, or -1. */
        long campaignPid() throws IOException {
            Path pid = state().resolve("pid");
            return Files.exists(pid) ? Long.parseLong(Files.readString(pid).trim()) : -1;
        }

        @Override
        public void close() throws Exception {
            stop();
            // a campaign still running on this "device" (the test failed midway) ends with the test
            long pid = campaignPid();
            if (pid > 0) killGroup(pid);
        }
    }

    @Test
    void thePlaybookPassesAnsibleLint() throws Exception {
        ExternalTool.requireThat(Files.isExecutable(PLAYBOOK_BIN), PLAYBOOK_BIN + " is not installed (make fleet-tools)");
        Process p = new ProcessBuilder("make", "--no-print-directory", "fleet-lint").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("0 failure(s), 0 warning(s)"), out);
    }

    @Test
    void twoDevicesOneDroppedThenResumed() throws Exception {
        ExternalTool.requireThat(Files.isExecutable(SSHD), SSHD + " (openssh-server) is not installed");
        ExternalTool.require("ssh");
        ExternalTool.require("ssh-keygen");
        ExternalTool.require("sha256sum");
        ExternalTool.require("wrk");
        ExternalTool.require("go");
        ExternalTool.requireThat(Files.isExecutable(PLAYBOOK_BIN), PLAYBOOK_BIN + " is not installed (make fleet-tools)");
        ExternalTool.requireThat(Files.isRegularFile(JAR), JAR + " is not built (make)");
        ExternalTool.requireThat(Files.isExecutable(OHA.resolve("bin/oha")), "oha is not installed in " + OHA + " (make loadgen)");

        TestSshd.run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", tmp.resolve("client_ed25519").toString()), 60);
        Files.copy(tmp.resolve("client_ed25519.pub"), tmp.resolve("authorized_keys"));
        if ("root".equals(System.getProperty("user.name"))) Files.createDirectories(Path.of("/run/sshd"));
        // the controller's data folder: the project's config and its manifest lines
        Path data = Files.createDirectories(tmp.resolve("data/config"));
        try (Stream<Path> config = Files.list(Path.of("data", "config"))) {
            for (Path f : config.toList()) Files.copy(f, data.resolve(f.getFileName()));
        }
        data = data.getParent();
        TestSshd.run(List.of("java", "-jar", JAR.toString(), "manifest", "--data", data.toString()), 60);

        // host names unique to this test: the controller's logs are target/fleet/logs/<host>.log
        String suffix = Long.toString(ProcessHandle.current().pid());
        try (Device a = new Device("fleet-test-a-" + suffix, "127.0.0.3"); Device b = new Device("fleet-test-b-" + suffix, "127.0.0.4")) {
            Path inventory = writeInventory(List.of(a, b));
            Path preset = writePreset();
            a.start();
            b.start();

            // first run: b drops off during its campaign, and its campaign is killed as a power cut would
            Path log1 = tmp.resolve("fleet-1.log");
            Process first = fleet(inventory, preset, data, log1);
            awaitLine(b.state().resolve("collect.log"), "collect: run 3 of", first, log1);
            long bPid = b.campaignPid();
            b.stop();
            Thread.sleep(1000);
            assertTrue(ProcessHandle.of(bPid).map(ProcessHandle::isAlive).orElse(false),
                    "the campaign runs on, detached, when the device's ssh sessions end");
            killGroup(bPid);
            assertTrue(first.waitFor(10, TimeUnit.MINUTES), "the first run ends");
            String out1 = Files.readString(log1);
            assertNotEquals(0, first.exitValue(), out1);
            String campaignA = Files.readString(a.state().resolve("campaign")).trim();
            assertTrue(Files.isDirectory(data.resolve("raw").resolve(campaignA)), "a's campaign landed: " + out1);
            assertTrue(out1.matches("(?s).*" + b.host + ": UNREACHABLE while collecting.*"), "b is named: " + out1);
            assertTrue(out1.matches("(?s).*\\[" + a.host + "\\] run \\d+ of \\d+: .*; about \\S+ left.*"),
                    "a progress line per device: " + out1);
            String campaignB = Files.readString(b.state().resolve("campaign")).trim();
            assertFalse(Files.exists(data.resolve("raw").resolve(campaignB)), "nothing of b's campaign came back");
            assertTrue(Files.isRegularFile(Path.of("target/fleet/logs", a.host + ".log")), "a's log on the controller");
            sha256sumCheck(data);
            String manifestAfterFirst = Files.readString(data.resolve("SHA256SUMS"));

            // second run: the same command resumes b and leaves a alone
            b.start();
            Path log2 = tmp.resolve("fleet-2.log");
            Process second = fleet(inventory, preset, data, log2);
            assertTrue(second.waitFor(10, TimeUnit.MINUTES), "the second run ends");
            String out2 = Files.readString(log2);
            assertEquals(0, second.exitValue(), out2);
            assertTrue(out2.contains(a.host + ": done: already in"), "a's campaign is not collected twice: " + out2);
            assertTrue(out2.contains(b.host + ": done: landed " + campaignB), out2);
            String collectB = Files.readString(b.state().resolve("collect.log"));
            assertTrue(collectB.matches("(?s).*collect: resuming data/raw/" + campaignB + ": \\d+ rows.*"),
                    "b's campaign resumed where it stopped: " + collectB);
            String manifest = Files.readString(data.resolve("SHA256SUMS"));
            assertTrue(manifest.startsWith(manifestAfterFirst), "the first run's lines stay as they were");
            sha256sumCheck(data);

            // both campaigns complete, each its own device, no run twice
            assertEquals(runs(data.resolve("raw").resolve(campaignA)), runs(data.resolve("raw").resolve(campaignB)),
                    "the resumed campaign has every run of the plan and each measured run once, as the other has");
            ObjectMapper json = new ObjectMapper();
            for (Device d : List.of(a, b)) {
                String c = d == a ? campaignA : campaignB;
                JsonNode device = json.readTree(data.resolve("raw").resolve(c).resolve("campaign.json").toFile()).get("device");
                assertEquals(d.host.replace("fleet-test-", "fleet-dev-"), device.get("id").asText());
                assertEquals("x86-test-model", device.get("model_id").asText());
            }
        }
    }

    /**
     * A campaign's groups: every (phase, stack, endpoint, concurrency) it ran, warm-ups apart, with
     * its count of measured ok runs, after checking that no seq and no measured (..., run, offered
     * rps) comes twice. Run numbers are left out of the key: a run that failed or was discarded
     * is retried under the next number, as often on one device as on the other. Phase 4's rates
     * derived from a campaign's own phase-1 medians differ between campaigns, and so does how far
     * phase 4's search steps (it stops at the first rate that fails on that device), so a phase-4
     * group counts whether it was measured, not how many rates.
     */
    private static Map<String, Integer> runs(Path campaign) throws IOException {
        Map<String, Integer> counts = new TreeMap<>();
        Set<String> measured = new HashSet<>();
        Set<Long> seqs = new HashSet<>();
        for (int phase : new int[] {1, 2, 4, 5}) {
            Path csv = campaign.resolve("phase" + phase + ".csv");
            if (!Files.exists(csv)) continue;
            for (RunRow r : RunFiles.read(csv, phase)) {
                assertTrue(seqs.add(r.seq()), campaign + ": seq " + r.seq() + " twice");
                String key = phase + " " + r.stack() + " " + r.endpoint() + " " + r.concurrency()
                        + (r.warmup() ? " warm-up" : "");
                counts.putIfAbsent(key, 0);
                if (!r.ok() || r.warmup()) continue;
                String run = key + " run " + r.run() + " " + r.offeredRps();
                assertTrue(measured.add(run), campaign + ": " + run + " measured twice");
                if (phase == 4) counts.put(key, 1);
                else counts.merge(key, 1, Integer::sum);
            }
        }
        assertFalse(counts.isEmpty(), campaign + " has runs");
        return counts;
    }

    private Path writeInventory(List<Device> devices) throws IOException {
        List<String> y = new ArrayList<>(List.of(
                "all:",
                "  children:",
                "    devices:",
                "      vars:",
                "        ansible_user: " + System.getProperty("user.name"),
                "        ansible_ssh_private_key_file: " + tmp.resolve("client_ed25519"),
                "        ansible_ssh_common_args: -o UserKnownHostsFile=" + tmp.resolve("known_hosts")
                        + " -o StrictHostKeyChecking=yes",
                "        ansible_python_interpreter: /usr/bin/python3",
                "        model_id: x86-test-model",
                // the test never installs packages on this machine: what it needs is there or the test skipped
                "        install_packages: false",
                "        oha_dir: " + OHA.toAbsolutePath(),
                "        poll_s: 2",
                "      hosts:"));
        for (Device d : devices) {
            y.add("        " + d.host + ":");
            y.add("          ansible_host: " + d.address);
            y.add("          ansible_port: " + d.port);
            y.add("          device_id: " + d.host.replace("fleet-test-", "fleet-dev-"));
            y.add("          checkout: " + d.checkout());
        }
        return Files.writeString(tmp.resolve("inventory.yml"), String.join("\n", y) + "\n");
    }

    /**
     * The smoke preset with one change: a DELETE table of a fixed 100,000 rows (the paper's) in
     * place of {@code auto}. Both "devices" share this machine's cores, so a calibration load taken
     * while the two campaigns run at once measures about half the rate that device b's resumed
     * campaign, alone, then deletes at: its recorded table runs out, every delete run is discarded
     * (servers.md) and the group ends short, a protocol outcome of sharing cores, not of the fleet.
     * A fixed table keeps this test about the fleet. Its file is named smoke.json, so the fleet's
     * state folder and campaign names are the smoke preset's.
     */
    private Path writePreset() throws IOException {
        ObjectMapper json = new ObjectMapper();
        var preset = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(Path.of("harness", "presets", "smoke.json").toFile());
        preset.put("seed_rows_delete", 100_000);
        Path file = Files.createDirectories(tmp.resolve("preset")).resolve("smoke.json");
        json.writeValue(file.toFile(), preset);
        return file;
    }

    /** make fleet, as a person runs it (the jar is taken as built: make test built it). */
    private static Process fleet(Path inventory, Path preset, Path data, Path log) throws IOException {
        return new ProcessBuilder("make", "--no-print-directory", "-o", JAR.toString(), "fleet", "INVENTORY=" + inventory,
                "PRESET=" + preset, "STACKS=go", "DATA=" + data)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static void awaitLine(Path file, String text, Process fleet, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (Files.exists(file) && Files.readString(file).contains(text)) return;
            if (!fleet.isAlive()) throw new AssertionError("make fleet ended before " + file + " said '" + text + "': "
                    + Files.readString(log));
            Thread.sleep(200);
        }
        throw new AssertionError(file + " never said '" + text + "': " + Files.readString(log));
    }

    private static void sha256sumCheck(Path data) throws Exception {
        Process p = new ProcessBuilder("sha256sum", "-c", "--strict", "--quiet", "SHA256SUMS").directory(data.toFile())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "sha256sum -c in " + data + ": " + out);
    }

    /** SIGKILL to the campaign wrapper's process group (its own session: the harness and its servers). */
    private static void killGroup(long pid) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-KILL", "--", "-" + pid).redirectErrorStream(true).start().waitFor(10, TimeUnit.SECONDS);
    }

}
