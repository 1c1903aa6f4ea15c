import com.sun.management.OperatingSystemMXBean;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The pipeline's work without the JVM's start and compilation (docs/PERFORMANCE.md, "The floor"):
 * {@code tpm paper} on one data folder RUNS times in one JVM, each run into a fresh output folder,
 * and each run's wall and process CPU time on a line of its own ({@code warm-runs ... run=K
 * wall_ms=... cpu_ms=...}); the pipeline's own lines are shown only for a run that fails. The first run is a cold one, as {@code make paper}'s;
 * the later ones find every class loaded and the hot code compiled.
 *
 * <p>Run by {@code make bench-warm} with Java's source launcher on the jar's class path:
 * {@code java -cp target/tpm.jar scripts/bench/WarmRuns.java DATA RUNS}.
 */
public final class WarmRuns {
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: WarmRuns DATA_DIR RUNS");
            System.exit(2);
        }
        Path data = Path.of(args[0]);
        int runs = Integer.parseInt(args[1]);
        if (!Files.isDirectory(data)) {
            System.err.println(data + ": no such data folder (make bench generates target/bench/<size>/data)");
            System.exit(1);
        }
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        Path scratch = Files.createTempDirectory("tpm-warm-runs");
        // the pipeline's output and progress lines are not wanted here, unless a run fails
        PrintStream results = System.out;
        PrintStream errors = System.err;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        for (int run = 1; run <= runs; run++) {
            Path out = scratch.resolve("run-" + run);
            ByteArrayOutputStream said = new ByteArrayOutputStream();
            System.setErr(new PrintStream(said, true, StandardCharsets.UTF_8));
            long wall0 = System.nanoTime();
            long cpu0 = os.getProcessCpuTime();
            int rc = dev.tpm.cli.Main.commandLine().execute("paper", "--data", data.toString(), "--out", out.toString());
            long wall = System.nanoTime() - wall0;
            long cpu = os.getProcessCpuTime() - cpu0;
            System.setErr(errors);
            if (rc != 0) {
                errors.print(said.toString(StandardCharsets.UTF_8));
                errors.println("run " + run + ": tpm paper exited with " + rc);
                System.exit(rc);
            }
            results.println(String.format(Locale.ROOT, "warm-runs %s run=%d wall_ms=%.0f cpu_ms=%.0f", data, run,
                    wall / 1e6, cpu / 1e6));
        }
        try (var files = Files.walk(scratch)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
