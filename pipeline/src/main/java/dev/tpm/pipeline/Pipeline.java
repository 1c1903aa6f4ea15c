package dev.tpm.pipeline;

import dev.tpm.codec.FileHashes;

import dev.tpm.codec.BadInputException;
import dev.tpm.ingest.Ingest;
import dev.tpm.codec.Problems;
import dev.tpm.ingest.Dataset;
import dev.tpm.output.Outputs;
import dev.tpm.results.Verification;
import dev.tpm.verify.Verifier;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * One run of {@code make paper}: ingest, verify, every stage of its list in order (dev.tpm.paper.Stages
 * has the list of make paper), then
 * the atomic write of tables/ and figures/. Ingest and manifest problems are reported together;
 * nothing on disk changes unless every step succeeded.
 *
 * <pre>{@code
 * Stages.paper(dataDir, threads, log).run(outRoot);        // make paper
 * Outputs o = Stages.paper(dataDir, threads, log).generate(); // in memory only (verify --outputs)
 * }</pre>
 */
public final class Pipeline {
    private final Path dataDir;
    private final int threads;
    private final PrintWriter log;
    private final List<Stage> stages;
    private final FileHashes hashes;
    private StageTimings timings = StageTimings.OFF;

    /** A pipeline running {@code stages}; progress lines go to {@code log}. */
    public Pipeline(Path dataDir, int threads, PrintWriter log, List<Stage> stages) {
        this(dataDir, threads, log, stages, new FileHashes());
    }

    /**
     * As {@link #Pipeline(Path, int, PrintWriter, List)}, reusing the file hashes of an earlier
     * check in the same run, so that each input file is read and hashed once.
     */
    public Pipeline(Path dataDir, int threads, PrintWriter log, List<Stage> stages, FileHashes hashes) {
        if (threads < 1) throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        this.dataDir = dataDir;
        this.threads = threads;
        this.log = log;
        this.stages = List.copyOf(stages);
        this.hashes = hashes;
    }

    /** Prints each step's wall time, CPU time and peak RSS with {@code timings} (stderr); off by default. */
    public Pipeline timings(StageTimings timings) {
        this.timings = java.util.Objects.requireNonNull(timings);
        return this;
    }

    /** Ingest and verify, every problem of both in one exception. */
    public PipelineContext load() throws BadInputException {
        Problems problems = new Problems();
        // each input file hashed once: the inventory and SHA256SUMS share the run's hashes
        Dataset dataset = Ingest.read(dataDir, this::line, problems, hashes);
        timings.mark("ingest");
        Verification verification = Verifier.check(dataDir, problems, hashes);
        timings.mark("verify");
        problems.throwIfAny();
        line("ingest: " + summary(dataset));
        line("verify: SHA256SUMS lists " + verification.filesChecked() + " files, every hash matches");
        return new PipelineContext(dataset, verification, threads);
    }

    /** Loads, then runs every stage into a fresh {@link Outputs}; writes nothing. */
    public Outputs generate() throws BadInputException, StageException {
        return generate(load());
    }

    /** Runs every stage on a loaded context into a fresh {@link Outputs}; writes nothing. */
    public Outputs generate(PipelineContext context) throws StageException {
        Outputs out = new Outputs();
        int i = 0;
        for (Stage stage : stages) {
            i++;
            int filesBefore = out.files().size();
            int skippedBefore = out.skipped().size();
            try {
                stage.run(context, out);
            } catch (Exception | LinkageError | AssertionError e) {
                throw new StageException(stage.name(), e);
            }
            timings.mark(stage.name());
            int made = out.files().size() - filesBefore;
            line("stage " + i + "/" + stages.size() + " " + stage.name() + ": " + made + " artifact"
                    + (made == 1 ? "" : "s"));
            List<String> skipped = out.skipped();
            for (String s : skipped.subList(skippedBefore, skipped.size())) line("skipped " + s);
        }
        return out;
    }

    /** Generates, then replaces {@code outRoot}/tables and {@code outRoot}/figures atomically. */
    public Outputs run(Path outRoot) throws BadInputException, StageException, IOException {
        Outputs out = generate();
        int[] counts = OutputWriter.write(out, outRoot);
        timings.mark("write");
        timings.total();
        for (int i = 0; i < counts.length; i++) {
            line("wrote " + counts[i] + " file" + (counts[i] == 1 ? "" : "s") + " to "
                    + outRoot.resolve(OutputWriter.FOLDERS.get(i)).normalize());
        }
        return out;
    }

    /** One line describing what ingest read. */
    public static String summary(Dataset d) {
        long devices = d.campaigns().stream().map(c -> c.device().id()).distinct().count();
        return d.campaigns().size() + " campaign" + (d.campaigns().size() == 1 ? "" : "s") + " ("
                + devices + " device" + (devices == 1 ? "" : "s") + "), "
                + d.phase1().size() + " phase-1 rows, " + d.phase2().size() + " phase-2 rows, "
                + (d.phase4().isEmpty() ? "" : d.phase4().size() + " phase-4 rows, ")
                + d.phase3().size() + " memory series, " + d.mixes().size() + " mixes, "
                + d.published().size() + " published values";
    }

    private void line(String s) {
        log.println(s);
        log.flush();
    }
}
