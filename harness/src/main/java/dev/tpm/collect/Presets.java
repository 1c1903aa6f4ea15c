package dev.tpm.collect;

import dev.tpm.codec.PresetJson;
import dev.tpm.collect.loadgen.LoadGenerators;
import dev.tpm.model.Preset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The harness's presets (servers.md "Protocol presets"): {@code harness/presets/<name>.json}, found
 * by name and read by the contract's {@link PresetJson} with the load generators this harness
 * knows ({@link LoadGenerators}).
 */
public final class Presets {
    /** The harness's load generators, as a preset's checks need them. */
    public static final PresetJson.Tools TOOLS = new PresetJson.Tools() {
        @Override
        public List<String> closedLoop() {
            return LoadGenerators.ids().stream().filter(id -> !LoadGenerators.get(id).openLoop()).toList();
        }

        @Override
        public List<String> openLoop() {
            return LoadGenerators.ids().stream().filter(id -> LoadGenerators.get(id).openLoop()).toList();
        }

        @Override
        public String cannotLoad(String tool, String endpoint) {
            return LoadGenerators.get(tool).cannotLoad(endpoint);
        }
    };

    private Presets() {}

    /** {@code spec} is a preset name (looked up in {@code presetsDir}) or a path to a .json file. */
    public static Preset resolve(String spec, Path presetsDir) throws IOException {
        Path file = spec.endsWith(".json") || spec.contains("/") ? Path.of(spec) : presetsDir.resolve(spec + ".json");
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + ": no such preset (presets in " + presetsDir + ": " + available(presetsDir) + ")");
        }
        return load(file);
    }

    static List<String> available(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json"))
                    .map(n -> n.substring(0, n.length() - 5)).sorted().toList();
        }
    }

    /** Reads and checks a preset file (servers.md "Protocol presets"). */
    public static Preset load(Path file) throws IOException {
        return PresetJson.read(file, TOOLS);
    }

    /** A preset from its JSON text, checked as a file's; {@code where} names it in errors. */
    public static Preset parse(String json, String where) throws IOException {
        return PresetJson.parse(json, where, TOOLS);
    }
}
