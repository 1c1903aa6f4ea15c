package dev.tpm.collect.campaign;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Which CPUs the server, the load generator and the harness JVM (its sampler included) run on,
 * with taskset(1). {@code --server-cpus} and {@code --loadgen-cpus} take taskset's CPU lists
 * ("1-3", "0,2"); {@code --pin} splits the cores in two (load generator on the lower half, server
 * on the rest). The harness JVM goes on every CPU the server does not use, so that the sampler
 * never takes the server's time. Null lists mean "not pinned".
 *
 * @param serverCpus campaign.json protocol.server_cpus
 * @param loadGeneratorCpus campaign.json load_generator.cpus (on this machine; on a remote load
 *     generator host, the CPUs there)
 * @param harnessCpus where this JVM runs: the complement of serverCpus
 */
public record Pinning(String serverCpus, String loadGeneratorCpus, String harnessCpus) {
    public static final Pinning NONE = new Pinning(null, null, null);

    /** taskset before the server's argv, or empty. */
    public List<String> server() {
        return serverCpus == null ? List.of() : List.of("taskset", "-c", serverCpus);
    }

    /** How many of the {@code n} CPUs the server may run on: all of them when it is not pinned. */
    public int serverCores(int n) {
        return serverCpus == null ? n : cpus(serverCpus, n, "--server-cpus").size();
    }

    /** taskset before the load generator's argv, or empty. */
    public List<String> loadGenerator() {
        return loadGeneratorCpus == null ? List.of() : List.of("taskset", "-c", loadGeneratorCpus);
    }

    /**
     * The pinning of a campaign on an {@code n}-core machine. Explicit lists win over {@code pin}.
     * With {@code pin} and n > 1: the load generator on cores 0..k-1 and the server on k..n-1,
     * k = max(1, n/2) (on 2 cores: load generator on 0, server on 1).
     */
    public static Pinning of(boolean pin, String serverCpus, String loadGeneratorCpus, int n) {
        String sv = serverCpus;
        String lg = loadGeneratorCpus;
        if (sv == null && lg == null && pin && n >= 2) {
            int k = Math.max(1, n / 2);
            lg = k == 1 ? "0" : "0-" + (k - 1);
            sv = k == n - 1 ? Integer.toString(k) : k + "-" + (n - 1);
        }
        if (sv != null) cpus(sv, n, "--server-cpus");
        if (lg != null) cpus(lg, n, "--loadgen-cpus");
        String harness = sv == null ? null : complement(sv, n);
        return new Pinning(sv, lg, harness);
    }

    /** The CPUs of a taskset list; an error names the option and what was wrong. */
    public static TreeSet<Integer> cpus(String list, int n, String option) {
        TreeSet<Integer> out = new TreeSet<>();
        for (String part : list.split(",")) {
            String p = part.trim();
            try {
                int dash = p.indexOf('-');
                int a = Integer.parseInt(dash < 0 ? p : p.substring(0, dash));
                int b = dash < 0 ? a : Integer.parseInt(p.substring(dash + 1));
                if (a < 0 || b < a || b >= n) throw new NumberFormatException();
                for (int c = a; c <= b; c++) out.add(c);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + ": expected a CPU list such as 1-3 or 0,2 with CPUs 0.."
                        + (n - 1) + ", found '" + list + "'");
            }
        }
        return out;
    }

    /** The CPUs of 0..n-1 not in {@code list}, as a list; null when none is left. */
    public static String complement(String list, int n) {
        TreeSet<Integer> used = cpus(list, n, "cpu list");
        List<String> rest = new ArrayList<>();
        for (int c = 0; c < n; c++) if (!used.contains(c)) rest.add(Integer.toString(c));
        return rest.isEmpty() ? null : String.join(",", rest);
    }

    /** Number of CPUs in a list. */
    public static int count(String list, int n) {
        return cpus(list, n, "cpu list").size();
    }

    /**
     * Moves every thread of this JVM to {@link #harnessCpus} ({@code taskset -a -p -c}); returns
     * what happened, for the log.
     */
    public String pinThisJvm() throws IOException, InterruptedException {
        if (harnessCpus == null) {
            return serverCpus == null ? "harness not pinned" : "harness not pinned: the server has every CPU";
        }
        pin(ProcessHandle.current().pid(), harnessCpus);
        return "harness JVM (sampler included) pinned to CPUs " + harnessCpus;
    }

    /** {@code taskset -a -p -c cpus pid}: every thread of a running process. */
    static void pin(long pid, String cpus) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", cpus, Long.toString(pid)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("taskset -a -p -c " + cpus + " " + pid + ": " + out.strip());
        }
    }
}
