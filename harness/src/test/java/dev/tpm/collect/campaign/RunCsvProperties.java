package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tpm.codec.CsvText;
import dev.tpm.codec.Problems;
import dev.tpm.codec.RunCsv;
import dev.tpm.model.Endpoints;
import dev.tpm.model.RunColumns;
import dev.tpm.model.RunRow;
import dev.tpm.model.RunStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The harness's writer and ingest's reader agree (one codec, {@link RunCsv}): random valid rows
 * (synthetic values) that the harness appends come back from ingest's read identical, and a row
 * that ingest rejects stops the harness's resume with the same messages.
 */
class RunCsvProperties {
    static final Set<String> STACKS = Set.of("go", "rust", "node");
    static final String SHOWN = "raw/c/phase1.csv";

    @Property(tries = 200)
    void writtenByTheHarnessReadByIngestIdentical(@ForAll("rows") List<RunRow> rows) throws IOException {
        Path data = Files.createTempDirectory("runcsv");
        try {
            Path csv = data.resolve(SHOWN);
            Files.createDirectories(csv.getParent());
            for (RunRow r : rows) RunCsv.append(csv, r);
            Problems problems = new Problems();
            List<RunCsv.Line> read = RunCsv.read(csv, SHOWN, 1, STACKS, new HashMap<>(), problems, w -> {});
            assertEquals(List.of(), problems.all());
            assertEquals(rows, read.stream().map(RunCsv.Line::row).toList());
            assertEquals(rows, CampaignFolder.readForResume(data, csv, 1, STACKS, new HashMap<>()));
        } finally {
            deleteTree(data);
        }
    }

    @Property(tries = 300)
    void whatIngestRejectsTheResumeRejectsWithTheSameMessage(@ForAll("rows") List<RunRow> rows,
            @ForAll("columns") int column, @ForAll("badCells") String bad, @ForAll("rowIndex") int which)
            throws IOException {
        List<List<String>> cells = new ArrayList<>();
        for (RunRow r : rows) cells.add(new ArrayList<>(RunCsv.cells(r)));
        cells.get(which % cells.size()).set(column, bad);
        CsvText text = new CsvText(RunRow.header());
        for (List<String> c : cells) text.row(c);
        Path data = Files.createTempDirectory("runcsv");
        try {
            Path csv = data.resolve(SHOWN);
            Files.createDirectories(csv.getParent());
            Files.writeString(csv, text.toString(), StandardCharsets.UTF_8);
            Problems problems = new Problems();
            RunCsv.read(csv, SHOWN, 1, STACKS, new HashMap<>(), problems, w -> {});
            if (problems.isEmpty()) return; // the bad cell happened to be acceptable there (e.g. an empty note)
            String expected = problems.all().stream().map(Object::toString).collect(Collectors.joining("\n"));
            IOException e = assertThrows(IOException.class,
                    () -> CampaignFolder.readForResume(data, csv, 1, STACKS, new HashMap<>()));
            assertEquals(expected, e.getMessage());
            assertFalse(expected.isEmpty());
        } finally {
            deleteTree(data);
        }
    }

    @Provide
    Arbitrary<Integer> columns() {
        return Arbitraries.integers().between(0, RunColumns.CSV.size() - 1);
    }

    @Provide
    Arbitrary<Integer> rowIndex() {
        return Arbitraries.integers().between(0, 1000);
    }

    /** Cells data.md forbids somewhere: signs, zero, fractions, words, bad instants and flags. */
    @Provide
    Arbitrary<String> badCells() {
        return Arbitraries.of("-1", "0", "-0.5", "1.5", "NaN", "Infinity", "1e999", "abc", "", "2", "1,5",
                "0x", "2026-13-01T00:00:00Z", "not a time", "ok ", "python", "get-item", "99999999999999999999");
    }

    @Provide
    Arbitrary<List<RunRow>> rows() {
        return row().list().ofMinSize(1).ofMaxSize(6).map(RunCsvProperties::uniqueKeysAndSeqs);
    }

    /** Seq 1..n and run 1..n, so that key and seq are unique as data.md asks. */
    private static List<RunRow> uniqueKeysAndSeqs(List<RunRow.Builder> builders) {
        List<RunRow> out = new ArrayList<>();
        for (int i = 0; i < builders.size(); i++) {
            RunRow.Builder b = builders.get(i);
            b.seq = i + 1;
            b.run = i + 1;
            out.add(b.build());
        }
        return out;
    }

    private static Arbitrary<RunRow.Builder> row() {
        Arbitrary<Double> decimal = Arbitraries.oneOf(Arbitraries.just(Double.NaN),
                Arbitraries.doubles().between(0, 1e7).ofScale(4), Arbitraries.doubles().between(0, 1e-3).ofScale(12));
        // (at most 12 significant digits: the writer's precision, Num.SIGNIFICANT_DIGITS)
        Arbitrary<Long> count = Arbitraries.oneOf(Arbitraries.just((Long) null),
                Arbitraries.longs().between(0, Long.MAX_VALUE / 2));
        Arbitrary<String> note = Arbitraries.oneOf(Arbitraries.just((String) null),
                Arbitraries.strings().withChars("ab ,\"'x\u00e9").ofMinLength(1).ofMaxLength(12)
                        .filter(s -> !s.isBlank() && s.strip().equals(s)));
        Arbitrary<RunStatus> status = Arbitraries.of(RunStatus.FAILED, RunStatus.DISCARDED,
                RunStatus.OK);
        return Combinators.combine(Arbitraries.of(STACKS.stream().sorted().toList()),
                        Arbitraries.of(Endpoints.ALL), Arbitraries.integers().between(1, 512),
                        Arbitraries.oneOf(Arbitraries.just((Integer) null), Arbitraries.integers().between(1, 64)),
                        Arbitraries.of(true, false), status, note,
                        Combinators.combine(decimal, decimal, decimal, decimal).as(List::of))
                .as((stack, endpoint, concurrency, threads, warmup, st, n, d) -> {
                    RunRow.Builder b = new RunRow.Builder(1, stack, endpoint, concurrency, threads, 1, warmup);
                    b.startedAt = "2026-12-01T10:15:02.113Z";
                    b.status = st;
                    b.note = n;
                    b.latMeanMs = d.get(0);
                    b.latP75Ms = d.get(1);
                    b.cpuS = d.get(2);
                    b.energyJ = d.get(3);
                    b.errorsRead = 3L;
                    b.throttled = "0x0";
                    if (st.equals(RunStatus.OK)) { // ok rows fill what data.md asks of them
                        b.durationS = 10.0;
                        b.requests = 1 + Math.abs(d.hashCode() % 100_000L);
                        b.rps = 2456.4;
                        b.latP50Ms = 11.5;
                        b.latP99Ms = 31.125;
                        b.peakRssKib = 19_720L;
                        b.startupMs = 11.2;
                        b.idleRssKib = 9_800L;
                    }
                    return b;
                })
                .flatMap(b -> count.map(c -> {
                    b.non2xx = c;
                    return b;
                }));
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
