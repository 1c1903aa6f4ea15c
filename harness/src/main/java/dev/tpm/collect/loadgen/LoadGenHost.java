package dev.tpm.collect.loadgen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the load generator runs: on this machine, or on another one reached through the system's
 * ssh ({@code --loadgen-host USER@HOST}) in batch mode with key authentication only, as the paper
 * put wrk on a separate machine. The remote command is one shell-quoted string; the wrk scripts
 * are copied to a folder there (over the same ssh, no scp needed) before the first run.
 *
 * @param target {@code USER@HOST}, or null for this machine
 * @param sshConfig an ssh_config file passed with {@code -F} (port, identity, known hosts), or null
 */
public record LoadGenHost(String target, Path sshConfig) {
    public static final LoadGenHost LOCAL = new LoadGenHost(null, null);

    public boolean remote() {
        return target != null;
    }

    /** campaign.json load_generator.host: {@code same} or {@code separate}. */
    public String hostKind() {
        return remote() ? "separate" : "same";
    }

    /** The ssh argv before the remote command. */
    public List<String> ssh() {
        List<String> a = new ArrayList<>(List.of("ssh"));
        if (sshConfig != null) a.addAll(List.of("-F", sshConfig.toAbsolutePath().toString()));
        a.addAll(List.of("-o", "BatchMode=yes", "-o", "PasswordAuthentication=no", "-o", "KbdInteractiveAuthentication=no",
                "-o", "PubkeyAuthentication=yes", target, "--"));
        return a;
    }

    /** {@code argv} as this host runs it: unchanged here, through ssh as one quoted string there. */
    public List<String> command(List<String> argv) {
        if (!remote()) return List.copyOf(argv);
        List<String> a = ssh();
        a.add(quote(argv));
        return a;
    }

    /** POSIX shell quoting of each word, joined by spaces. */
    public static String quote(List<String> argv) {
        StringBuilder b = new StringBuilder();
        for (String w : argv) {
            if (b.length() > 0) b.append(' ');
            if (!w.isEmpty() && w.matches("[A-Za-z0-9_./:=,@%+-]+")) b.append(w);
            else b.append('\'').append(w.replace("'", "'\\''")).append('\'');
        }
        return b.toString();
    }

    /**
     * The folder the load generator reads the wrk scripts from: {@code local} here; there, a
     * folder {@code remoteDir} the scripts (every *.lua of {@code local}) are copied into.
     */
    public Path installScripts(Path local, String remoteDir) throws IOException, InterruptedException {
        if (!remote()) return local.toAbsolutePath();
        run(List.of("mkdir", "-p", remoteDir), null);
        try (var s = Files.list(local)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".lua")).sorted().toList()) {
                run(List.of("sh", "-c", "cat > \"$1\"", "sh", remoteDir + "/" + f.getFileName()), f);
            }
        }
        return Path.of(remoteDir);
    }

    /** How long {@link #run} waits for a command there. */
    static final int RUN_TIMEOUT_S = 60;

    /**
     * Runs {@code argv} there (stdin from {@code input} or nothing) and returns its standard output;
     * throws unless it exits 0 within {@value #RUN_TIMEOUT_S} s. Standard error is kept apart and
     * only quoted in an error: through ssh it also carries whatever the remote account's shell rc
     * file writes there (a version manager's warning, say), which is not the command's answer.
     * Both streams go to temporary files, so neither pipe can fill up and the wait is bounded.
     */
    public String run(List<String> argv, Path input) throws IOException, InterruptedException {
        Path out = Files.createTempFile("tpm-loadgen-host-", ".out");
        Path err = Files.createTempFile("tpm-loadgen-host-", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(command(argv)).redirectOutput(out.toFile()).redirectError(err.toFile());
            if (input != null) pb.redirectInput(input.toFile());
            WrkCommand.Finished f = WrkCommand.runBounded(pb, RUN_TIMEOUT_S, h -> {});
            if (f.timedOut()) {
                throw new IOException(String.join(" ", command(argv)) + ": no answer within " + RUN_TIMEOUT_S + " s"
                        + stderrPart(err));
            }
            if (f.exitCode() != 0) {
                throw new IOException(String.join(" ", command(argv)) + ": exit code " + f.exitCode() + ": "
                        + Files.readString(out, StandardCharsets.UTF_8).strip() + stderrPart(err));
            }
            return Files.readString(out, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static String stderrPart(Path err) throws IOException {
        String e = Files.readString(err, StandardCharsets.UTF_8).strip();
        return e.isEmpty() ? "" : " (stderr: " + e + ")";
    }
}
