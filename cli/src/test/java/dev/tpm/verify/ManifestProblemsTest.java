package dev.tpm.verify;

import dev.tpm.codec.Sha256Sums;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.testing.Cli;
import dev.tpm.testing.Fixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every manifest rule of spec/data.md, one case each: `verify` and `paper` exit 1, the message
 * names SHA256SUMS, the line and the field (hash or path), and earlier outputs stay as they were.
 * The fixture's SHA256SUMS lists, in this order: config/analysis.json, config/mixes.csv,
 * raw/c1/campaign.json, raw/c1/phase1.csv, raw/c1/phase2.csv, raw/c1/phase3/rust-get_item-1.json,
 * reference/published.csv.
 */
class ManifestProblemsTest {
    static final String ZEROS = "0".repeat(64);

    record Case(Consumer<Path> edit, String where, String column, String fragment) {}

    /** Rewrites SHA256SUMS line by line (the lines without their newline). */
    static Consumer<Path> lines(UnaryOperator<List<String>> f) {
        return d -> {
            try {
                Path m = d.resolve(Sha256Sums.FILE_NAME);
                List<String> ls = new java.util.ArrayList<>(Files.readAllLines(m));
                Files.writeString(m, String.join("\n", f.apply(ls)) + "\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    static Consumer<Path> setLine(int no, UnaryOperator<String> f) {
        return lines(ls -> {
            ls.set(no - 1, f.apply(ls.get(no - 1)));
            return ls;
        });
    }

    static Consumer<Path> file(String path, String text) {
        return d -> {
            try {
                Files.createDirectories(d.resolve(path).getParent());
                Files.writeString(d.resolve(path), text);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    static Arguments c(String name, Consumer<Path> edit, String where, String column, String fragment) {
        return Arguments.of(Named.of(name, new Case(edit, where, column, fragment)));
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                c("absolute path", setLine(2, l -> l.replace("  config/mixes.csv", "  /tmp/config/mixes.csv")),
                        "line 2", "path", "found the absolute path '/tmp/config/mixes.csv'"),
                c("path with ..", setLine(2, l -> l.replace("  config/mixes.csv", "  raw/../config/mixes.csv")),
                        "line 2", "path", "expected a path inside data/ without '..'"),
                c("path leaving data/", setLine(2, l -> l.replace("  config/mixes.csv", "  ../data/config/mixes.csv")),
                        "line 2", "path", "without '..'"),
                c("file outside raw/, config/, reference/", lines(ls -> {
                    ls.add(ZEROS + "  README.md");
                    return ls;
                }), "line 8", "path", "expected a file under raw/, config/ or reference/ of data/, found 'README.md'"),
                c("listed file missing", lines(ls -> {
                    ls.add(4, ZEROS + "  raw/c1/ghost.csv");
                    return ls;
                }), "line 5", "path", "expected the listed file raw/c1/ghost.csv to exist, found no such file"),
                c("file present but unlisted", file("raw/c1/loadgen/1.txt", "Running 10s test\n"),
                        null, null, "expected a line listing raw/c1/loadgen/1.txt"),
                c("hash differs", file("raw/c1/phase2.csv",
                                "seq,stack,endpoint,concurrency,run,warmup,status\n8,go,get_item,60,1,0,failed\n"),
                        "line 5", "hash", "expected raw/c1/phase2.csv to have sha256 "),
                c("malformed line", setLine(3, l -> l.substring(1)),
                        "line 3", null, "expected '<64 hex digits>  <path>' (coreutils sha256sum format)"),
                c("empty line", lines(ls -> {
                    ls.add(3, "");
                    return ls;
                }), "line 4", null, "found an empty line"),
                c("duplicate entry", lines(ls -> {
                    ls.add(ls.get(1));
                    return ls;
                }), "line 8", "path", "expected each file listed once, found config/mixes.csv again (first on line 2)"),
                c("CRLF line ends", lines(ls -> ls.stream().map(l -> l + "\r").toList()),
                        "line 1", null, "expected a line ending in LF"),
                c("SHA256SUMS missing", d -> {
                    try {
                        Files.delete(d.resolve(Sha256Sums.FILE_NAME));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }, null, null, "no such file"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isReportedWithLineAndFieldAndLeavesOutputsUntouched(Case k, @TempDir Path tmp) {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        Path out = Fixtures.previousOutputs(tmp.resolve("out"));
        Fixtures.Snapshot before = Fixtures.snapshot(out);
        k.edit().accept(data);
        String prefix = "error: SHA256SUMS" + (k.where() == null ? "" : " " + k.where())
                + (k.column() == null ? "" : ", column " + k.column()) + ": ";

        for (String command : List.of("verify", "paper")) {
            Cli.Result r = command.equals("verify")
                    ? Cli.run("verify", "--data", data.toString())
                    : Cli.run("paper", "--data", data.toString(), "--out", out.toString());
            Cli.Result result = r;
            assertEquals(1, r.exit(), r::toString);
            List<String> errs = Arrays.asList(r.err().split("\n"));
            assertTrue(errs.stream().anyMatch(l -> l.startsWith(prefix) && l.contains(k.fragment())),
                    () -> command + ": no stderr line starts with [" + prefix + "] and contains [" + k.fragment()
                            + "]\n" + result);
        }
        Fixtures.snapshot(out).assertSameAs(before);
    }
}
