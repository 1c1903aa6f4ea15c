package dev.tpm.collect.loadgen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * wrk with the harness's Lua script for the endpoint ({@link WrkCommand}); its stdout and stderr
 * (text report and done() line) kept as {@code loadgen/<seq>.txt} and read by {@link WrkOutput}.
 * Installed from the system's packages ({@code apt-get install wrk}).
 */
final class WrkTool implements LoadGenTool {
    @Override
    public String id() {
        return LoadGenerator.WRK;
    }

    @Override
    public String fileExtension() {
        return "txt";
    }

    @Override
    public long exitGraceSeconds() {
        return WrkCommand.EXIT_GRACE_SECONDS;
    }

    @Override
    public LoadGenerator.Version version(LoadGenSetup s) throws IOException, InterruptedException {
        String line;
        if (s.host().remote()) {
            line = s.host().run(List.of("sh", "-c", "\"$1\" -v 2>&1; true", "sh", s.wrk()), null).strip().split("\n")[0].strip();
            if (!line.startsWith("wrk ")) throw new IOException(s.host().target() + ": wrk -v: expected 'wrk <version>', found '" + line + "'");
        } else {
            line = WrkCommand.versionLine(s.wrk());
        }
        return new LoadGenerator.Version(WrkCommand.versionNumber(line), line);
    }

    @Override
    public void checkReady(LoadGenSetup s, List<String> endpoints) throws IOException {
        for (String e : endpoints) {
            Path script = s.wrkScripts().resolve(e + ".lua");
            if (!Files.isRegularFile(script)) throw new IOException(script + ": no wrk script for endpoint '" + e + "'");
        }
    }

    /** The command of one run, for callers that need wrk's own command (the prime load). */
    static WrkCommand command(LoadGenSetup s, LoadGenerator.Request r) {
        return new WrkCommand(r.prefix(), s.wrk(), s.wrkScripts().resolve(r.endpoint() + ".lua"), r.threads(),
                r.connections(), r.durationS(), r.port(), r.scriptArgs(), s.address(), r.timeoutS(), s.host());
    }

    @Override
    public LoadGenerator.Outcome run(LoadGenSetup s, LoadGenerator.Request r, Path workDir, Consumer<ProcessHandle> started)
            throws IOException, InterruptedException {
        Path out = workDir.resolve("loadgen-output." + fileExtension());
        Files.deleteIfExists(out);
        WrkCommand.Outcome o = command(s, r).run(out, started);
        return new LoadGenerator.Outcome(o.exitCode(), out, o.output(), o.output(), o.timedOut(), WrkCommand.loadgenCpu(o.output()));
    }

    @Override
    public LoadResult parse(String output, String where) throws IOException {
        return WrkOutput.parse(output, where);
    }

    @Override
    public long missingIds(String output) {
        return WrkDoneJson.missingIds(output).orElse(-1);
    }
}
