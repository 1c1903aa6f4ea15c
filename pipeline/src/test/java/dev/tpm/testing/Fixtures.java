package dev.tpm.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.codec.Sha256Sums;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Small data folders for tests: copied from pipeline/src/test/resources/fixtures, then edited. */
public final class Fixtures {
    private Fixtures() {}

    /** Copies fixture {@code name} into {@code target} and writes its SHA256SUMS there. */
    public static Path copy(String name, Path target) {
        try {
            Path source = Path.of(Fixtures.class.getResource("/fixtures/" + name).toURI());
            try (Stream<Path> walk = Files.walk(source)) {
                for (Path p : walk.toList()) {
                    Path to = target.resolve(source.relativize(p).toString());
                    if (Files.isDirectory(p)) Files.createDirectories(to);
                    else Files.copy(p, to);
                }
            }
            Sha256Sums.write(target);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Replaces the one occurrence of {@code from} in a data file with {@code to}; rewrites SHA256SUMS. */
    public static void edit(Path dataDir, String file, String from, String to) {
        try {
            Path p = dataDir.resolve(file);
            String text = Files.readString(p, StandardCharsets.UTF_8);
            int at = text.indexOf(from);
            assertTrue(at >= 0, "fixture " + file + " has no '" + from + "'");
            assertEquals(-1, text.indexOf(from, at + 1), "fixture " + file + " has '" + from + "' twice");
            Files.writeString(p, text.substring(0, at) + to + text.substring(at + from.length()), StandardCharsets.UTF_8);
            Sha256Sums.write(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes a data file (creating folders) and rewrites SHA256SUMS. */
    public static void write(Path dataDir, String file, String text) {
        write(dataDir, file, text.getBytes(StandardCharsets.UTF_8));
    }

    public static void write(Path dataDir, String file, byte[] bytes) {
        try {
            Path p = dataDir.resolve(file);
            Files.createDirectories(p.getParent());
            Files.write(p, bytes);
            Sha256Sums.write(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes a data file and rewrites SHA256SUMS. */
    public static void delete(Path dataDir, String file) {
        try {
            Files.delete(dataDir.resolve(file));
            Sha256Sums.write(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Previous outputs with recognisable content, for "a failed run leaves them untouched". */
    public static Path previousOutputs(Path root) {
        try {
            Files.createDirectories(root.resolve("tables/device-a"));
            Files.createDirectories(root.resolve("figures"));
            Files.writeString(root.resolve("tables/inventory.csv"), "path,sha256,bytes,rows\nprevious,run,1,\n");
            Files.writeString(root.resolve("tables/device-a/ram.md"), "| previous | table |\n");
            Files.write(root.resolve("figures/pareto.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2, 3});
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every file under {@code root} with its bytes, by relative path. */
    public static Snapshot snapshot(Path root) {
        SortedMap<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Snapshot(files);
    }

    /** Files and bytes of a folder; equal when the same paths hold the same bytes. */
    public record Snapshot(SortedMap<String, byte[]> files) {
        public void assertSameAs(Snapshot before) {
            assertEquals(before.files().keySet(), files.keySet(), "the set of files changed");
            for (String path : files.keySet()) {
                assertTrue(Arrays.equals(before.files().get(path), files.get(path)), path + " changed");
            }
        }
    }
}
