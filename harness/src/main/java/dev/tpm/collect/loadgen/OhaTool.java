package dev.tpm.collect.loadgen;

import dev.tpm.model.EndpointRequest;
import dev.tpm.model.Endpoints;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * oha, phase 4's open-loop load generator ({@link OhaCommand}): built from crates.io at the
 * version pinned in the Makefile by {@code make loadgen} ({@code cargo install --locked --root
 * harness/loadgen/oha}, its default features), never from the user's PATH; its JSON kept as {@code loadgen/<seq>.json}
 * and read by {@link OhaJson}. It loads the GET endpoints only: a request body and unique ids per
 * request need wrk's scripts.
 */
final class OhaTool implements LoadGenTool {
    /** The request path of each endpoint oha loads; get_item's ids come from a URL file. */
    static final Map<String, String> PATHS = EndpointRequest.ALL.entrySet().stream()
            .filter(e -> e.getValue().method().equals("GET") && !e.getValue().itemBody())
            .collect(java.util.stream.Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> e.getValue().path()));

    @Override
    public String id() {
        return LoadGenerator.OHA;
    }

    @Override
    public String fileExtension() {
        return "json";
    }

    @Override
    public long exitGraceSeconds() {
        return OhaCommand.EXIT_GRACE_SECONDS;
    }

    @Override
    public boolean openLoop() {
        return true;
    }

    @Override
    public String installedBy() {
        return "`cargo install oha --locked --root DIR` installed oha (make loadgen)";
    }

    @Override
    public String installFolderOption() {
        return "--oha";
    }

    @Override
    public String cannotLoad(String endpoint) {
        return PATHS.containsKey(endpoint) ? null
                : "oha loads only the GET endpoints " + new TreeSet<>(PATHS.keySet()) + " (no request body or script)";
    }

    private static String binary(LoadGenSetup s) {
        return OhaCommand.binary(s.ohaDir()).toString();
    }

    @Override
    public LoadGenerator.Version version(LoadGenSetup s) throws IOException, InterruptedException {
        String line = versionLine(s);
        return new LoadGenerator.Version(line.substring("oha ".length()), line);
    }

    private static String versionLine(LoadGenSetup s) throws IOException, InterruptedException {
        if (s.ohaDir() == null) throw new IOException("oha: no tool folder given (harness/loadgen/oha)");
        if (!s.host().remote() && !Files.isExecutable(OhaCommand.binary(s.ohaDir()))) {
            throw new IOException(OhaCommand.binary(s.ohaDir()) + ": oha is not installed; run `make loadgen` (cargo install"
                    + " --locked --root " + s.ohaDir() + ")");
        }
        try {
            return OhaCommand.versionLine(binary(s), s.host());
        } catch (IOException e) {
            if (!s.host().remote()) throw e;
            throw new IOException(s.host().target() + ":" + binary(s) + ": oha is not installed there; run `cargo install oha"
                    + " --locked --root " + s.ohaDir() + "` on that host at the Makefile's version (" + e.getMessage() + ")", e);
        }
    }

    @Override
    public void checkReady(LoadGenSetup s, List<String> endpoints) throws IOException, InterruptedException {
        versionLine(s);
        for (String e : endpoints) {
            String why = cannotLoad(e);
            if (why != null) throw new IOException("oha: no request for endpoint '" + e + "': " + why);
        }
    }

    @Override
    public LoadGenerator.Outcome run(LoadGenSetup s, LoadGenerator.Request r, Path workDir, Consumer<ProcessHandle> started)
            throws IOException, InterruptedException {
        String path = PATHS.get(r.endpoint());
        if (path == null) throw new IOException("oha: no request for endpoint '" + r.endpoint() + "': " + cannotLoad(r.endpoint()));
        Path out = workDir.resolve("loadgen-output." + fileExtension());
        Files.deleteIfExists(out);
        String base = "http://" + (s.address().contains(":") ? "[" + s.address() + "]" : s.address()) + ":" + r.port();
        String target = base + path;
        boolean fromFile = r.endpoint().equals(Endpoints.GET_ITEM);
        if (fromFile) target = urlFile(s, r, workDir, base).toString();
        OhaCommand c = new OhaCommand(r.prefix(), binary(s), r.threads(), r.connections(), r.durationS(), r.offeredRps(), true,
                r.timeoutS(), target, fromFile, s.host());
        OhaCommand.Outcome o = c.run(out, workDir.resolve("loadgen-messages.txt"), started);
        return new LoadGenerator.Outcome(o.exitCode(), out, o.json(), o.messages(), o.timedOut(), o.cpu());
    }

    /**
     * get_item's URLs, one per seeded row ({@code /items/1} .. {@code /items/<rows>}), written to the
     * work folder (and copied to the same path under /tmp on a remote host).
     */
    static Path urlFile(LoadGenSetup s, LoadGenerator.Request r, Path workDir, String base) throws IOException, InterruptedException {
        String rows = r.scriptArgs().get("rows");
        int n;
        try {
            n = Integer.parseInt(rows);
        } catch (NumberFormatException e) {
            throw new IOException("oha: get_item needs the seeded rows, found '" + rows + "'");
        }
        if (n < 1) throw new IOException("oha: get_item needs at least one seeded row, found " + n);
        StringBuilder b = new StringBuilder();
        EndpointRequest getItem = EndpointRequest.ALL.get(Endpoints.GET_ITEM);
        for (int id = 1; id <= n; id++) b.append(base).append(getItem.path(id)).append('\n');
        Path local = workDir.resolve("oha-urls.txt");
        Files.writeString(local, b.toString(), StandardCharsets.UTF_8);
        if (!s.host().remote()) return local.toAbsolutePath();
        String remote = "/tmp/tpm-oha-urls-" + r.port() + ".txt";
        s.host().run(List.of("sh", "-c", "cat > \"$1\"", "sh", remote), local);
        return Path.of(remote);
    }

    @Override
    public LoadResult parse(String output, String where) throws IOException {
        return OhaJson.parse(output, where);
    }
}
