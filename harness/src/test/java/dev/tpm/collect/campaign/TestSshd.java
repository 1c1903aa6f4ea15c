package dev.tpm.collect.campaign;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What the tests that start their own sshd on a loopback address share (FleetTest,
 * SshLoadGeneratorTest): the sshd binary, a command run to completion, a free port and the wait
 * for the sshd to listen. Traffic goes to the test's own addresses only.
 */
final class TestSshd {
    static final Path SSHD = Path.of("/usr/sbin/sshd");

    private TestSshd() {}

    /** Runs argv to its end; an IOException with its output when it fails or outlasts the timeout. */
    static void run(List<String> argv, int timeoutS) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(timeoutS, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IOException(argv + ": " + out);
    }

    /**
     * The sshd_config of a test's own sshd: listening on {@code address:port} only, key
     * authentication only, for the account running the tests; {@code more} lines after these.
     */
    static String config(String address, int port, Path hostKey, Path pidFile, Path authorizedKeys, String... more) {
        List<String> lines = new java.util.ArrayList<>(List.of(
                "ListenAddress " + address,
                "Port " + port,
                "HostKey " + hostKey,
                "PidFile " + pidFile,
                "AuthorizedKeysFile " + authorizedKeys,
                "AuthenticationMethods publickey",
                "PubkeyAuthentication yes",
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "UsePAM no",
                "StrictModes no",
                "PermitRootLogin prohibit-password",
                "AllowUsers " + System.getProperty("user.name")));
        lines.addAll(List.of(more));
        return String.join("\n", lines) + "\n";
    }

    /** A TCP port free on the address at the time of the call. */
    static int freePort(String address) throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(InetAddress.getByName(address), 0));
            return s.getLocalPort();
        }
    }

    /** Waits up to 15 s for the sshd to accept connections; its log in the error when it exits or never listens. */
    static void awaitListening(String address, int port, Process sshd, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (System.nanoTime() < deadline) {
            if (!sshd.isAlive()) throw new IOException("sshd exited: " + Files.readString(log));
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(address, port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        throw new IOException("sshd did not listen on " + address + ":" + port + ": " + Files.readString(log));
    }
}
