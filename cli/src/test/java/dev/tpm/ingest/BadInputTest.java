package dev.tpm.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.testing.Cli;
import dev.tpm.testing.Fixtures;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad-input rule of spec/data.md, one case each, through the real command line: `paper`
 * exits 1, one stderr line names the file, the line (or JSON path) and the column and says what
 * was expected and found, and outputs written before are byte for byte unchanged.
 */
class BadInputTest {
    static final String P1 = "raw/c1/phase1.csv";
    static final String P2 = "raw/c1/phase2.csv";
    static final String P3 = "raw/c1/phase3/rust-get_item-1.json";
    static final String CAMPAIGN = "raw/c1/campaign.json";
    static final String MIXES = "config/mixes.csv";
    static final String ANALYSIS = "config/analysis.json";
    static final String PUBLISHED = "reference/published.csv";

    /**
     * @param where {@code line N} or a JSON path; null for a problem with a whole file
     * @param column null where the rule has no column (JSON paths carry their key)
     */
    record Case(Consumer<Path> edit, String file, String where, String column, String fragment) {}

    static Consumer<Path> edit(String file, String from, String to) {
        return d -> Fixtures.edit(d, file, from, to);
    }

    static Arguments c(String name, Consumer<Path> edit, String file, String where, String column, String fragment) {
        return Arguments.of(Named.of(name, new Case(edit, file, where, column, fragment)));
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                // phase1.csv / phase2.csv: the column rules
                c("missing required column", edit(P1, ",endpoint,", ",endpt,"),
                        P1, "line 1", "endpoint", "expected a required column 'endpoint'"),
                c("number that does not parse", edit(P1, ",2100.0,", ",21OO.0,"),
                        P1, "line 3", "rps", "found '21OO.0'"),
                c("decimal comma / thousands separator", edit(P1, ",2100.0,", ",\"2,100.0\","),
                        P1, "line 3", "rps", "a decimal number with '.' as decimal point"),
                c("NaN is not a number here", edit(P1, ",2100.0,", ",NaN,"),
                        P1, "line 3", "rps", "found 'NaN'"),
                c("integer with a fraction", edit(P1, ",21000,", ",21000.5,"),
                        P1, "line 3", "requests", "expected an integer"),
                c("negative count", edit(P1, ",20500,1,0,", ",20500,-1,0,"),
                        P1, "line 4", "errors_read", "expected a non-negative count, found '-1'"),
                c("negative decimal", edit(P1, ",13.9,39.0,", ",-13.9,39.0,"),
                        P1, "line 3", "lat_p50_ms", "expected a non-negative number"),
                c("seq below 1", edit(P1, "1,go,get_item,30,2,1,1,", "0,go,get_item,30,2,1,1,"),
                        P1, "line 2", "seq", "expected an integer >= 1, found '0'"),
                c("warmup not 0 or 1", edit(P1, "5,rust,get_item,30,2,1,0,", "5,rust,get_item,30,2,1,2,"),
                        P1, "line 6", "warmup", "expected 0 (measured) or 1 (warm-up), found '2'"),
                c("unknown endpoint", edit(P1, "6,rust,get_item,", "6,rust,get_items,"),
                        P1, "line 7", "endpoint", "found 'get_items'"),
                c("stack absent from campaign.json", edit(P1, "2,go,get_item,", "2,java,get_item,"),
                        P1, "line 3", "stack", "expected a stack of campaign.json (go, rust), found 'java'"),
                c("required value empty", edit(P1, "2,go,get_item,", "2,,get_item,"),
                        P1, "line 3", "stack", "expected a value (the column is required), found an empty cell"),
                c("duplicate (stack, endpoint, concurrency, run, warmup)",
                        edit(P1, "3,go,get_item,30,2,2,0,", "3,go,get_item,30,2,1,0,"),
                        P1, "line 4", "stack/endpoint/concurrency/run/warmup", "(go, get_item, 30, 1, 0) again (first on line 3)"),
                c("duplicate key in phase 2", edit(P2, "9,rust,get_item,60,", "9,go,get_item,60,"),
                        P2, "line 3", "stack/endpoint/concurrency/run/warmup", "again (first on line 2)"),
                c("seq repeated within phase 1", edit(P1, "6,rust,get_item,30,2,2,0,", "5,rust,get_item,30,2,2,0,"),
                        P1, "line 7", "seq", "found 5, already used at raw/c1/phase1.csv line 6"),
                c("seq of phase 2 repeats phase 1's", edit(P2, "8,go,", "3,go,"),
                        P2, "line 2", "seq", "found 3, already used at raw/c1/phase1.csv line 4"),
                c("requests 0 with status ok", edit(P1, ",21000,", ",0,"),
                        P1, "line 3", "requests", "expected requests > 0 for a row with status ok, found 0"),
                c("ok row without a result", edit(P1, ",13.5,38.0,11.0,", ",13.5,,11.0,"),
                        P1, "line 6", "lat_p99_ms", "rows with status ok fill"),
                c("ok phase-1 row without startup_ms", edit(P1, ",38.5,11.1,5005,", ",38.5,,5005,"),
                        P1, "line 7", "startup_ms", "rows with status ok fill"),
                c("ok phase-1 row without idle_rss_kib", edit(P1, ",11.1,5005,", ",11.1,,"),
                        P1, "line 7", "idle_rss_kib", "found an empty cell"),
                c("result column absent while rows are ok", edit(P2, ",peak_rss_kib,", ",peak_rss,"),
                        P2, "line 1", "peak_rss_kib", "rows with status ok must fill it; the first is on line 2"),
                c("unknown status", edit(P1, ",failed,", ",crashed,"),
                        P1, "line 8", "status", "expected one of ok, failed, discarded, found 'crashed'"),
                c("started_at not an instant", edit(P1, "2026-01-01T10:00:20.000Z", "2026-01-01 10:00:20"),
                        P1, "line 3", "started_at", "expected an ISO-8601 instant"),
                c("throttled not hex flags", edit(P1, ",20100,0x0,", ",20100,zero,"),
                        P1, "line 3", "throttled", "expected hex flags such as 0x0 or 0x4, found 'zero'"),
                c("row with too many fields", edit(P1, ",9020,20050,0x0,ok,", ",9020,20050,0x0,ok,,x"),
                        P1, "line 4", "#22", "expected 21 fields as in the header, found 22 fields"),
                c("row with too few fields", edit(P1, ",5005,7510,0x0,ok,\n", ",5005,7510\n"),
                        P1, "line 7", "throttled", "expected 21 fields as in the header, found 18 fields"),
                c("unterminated quote", edit(P1, "\"server exited, code 137\"", "\"server exited, code 137"),
                        P1, "line 8", "note", "expected well-formed CSV"),
                c("header with no rows", d -> Fixtures.write(d, P2,
                                "seq,stack,endpoint,concurrency,run,warmup,status\n"),
                        P2, "line 1", null, "expected at least one data row after the header"),
                c("empty file", d -> Fixtures.write(d, P1, ""),
                        P1, "line 1", null, "expected a header row, found an empty file"),
                // data.md version 4: phase1.csv may be absent only when another phase file has rows or a
                // phase-3 series exists; this campaign keeps neither
                c("phase1.csv missing, and no other phase's rows", d -> {
                    Fixtures.delete(d, P1);
                    Fixtures.delete(d, P2);
                    Fixtures.delete(d, P3);
                }, P1, null, null, "no such file"),
                c("duplicate column in the header", edit(P1, ",status,note\n", ",status,status\n"),
                        P1, "line 1", "status", "expected each column name once in the header, found 'status' at positions 20 and 21"),

                // phase3/*.json
                c("t_ms not strictly increasing", edit(P3, "{\"t_ms\": 390,", "{\"t_ms\": 261,"),
                        P3, "$.samples[3].t_ms", null, "expected t_ms strictly increasing, greater than 261"),
                c("phase-3 stack unknown", edit(P3, "\"stack\": \"rust\"", "\"stack\": \"java\""),
                        P3, "$.stack", null, "expected a stack of campaign.json (go, rust), found 'java'"),
                c("phase-3 endpoint unknown", edit(P3, "\"endpoint\": \"get_item\"", "\"endpoint\": \"items\""),
                        P3, "$.endpoint", null, "found 'items'"),
                c("phase-3 sample without rss_kib", edit(P3, "{\"t_ms\": 130, \"rss_kib\": 7990}", "{\"t_ms\": 130}"),
                        P3, "$.samples[1].rss_kib", null, "expected an integer >= 0, found no such key"),
                c("phase-3 negative rss", edit(P3, "\"rss_kib\": 7990", "\"rss_kib\": -7990"),
                        P3, "$.samples[1].rss_kib", null, "found -7990"),
                c("phase-3 other campaign", edit(P3, "\"campaign\": \"c1\"", "\"campaign\": \"c0\""),
                        P3, "$.campaign", null, "expected the campaign of the folder, 'c1', found 'c0'"),
                c("phase-3 not JSON", edit(P3, "\"run\": 1,", "\"run\": 1,,"),
                        P3, "line 1", "70", "expected valid JSON"),

                // config/mixes.csv
                c("mix weights not summing to 1", edit(MIXES, "illustrative,get_item,0.40", "illustrative,get_item,0.35"),
                        MIXES, "line 2", "weight", "to sum to 1 (within 1e-9), found a sum of 0.95"),
                c("negative mix weight", edit(MIXES, "put_item,0.10", "put_item,-0.10"),
                        MIXES, "line 5", "weight", "expected a non-negative weight, found '-0.10'"),
                c("mix without an endpoint", edit(MIXES, "illustrative,delete_item,0.10\n", ""),
                        MIXES, "line 2", "endpoint", "no row for delete_item"),
                c("mix endpoint not CRUD", edit(MIXES, "illustrative,put_item", "illustrative,mixed"),
                        MIXES, "line 5", "endpoint", "expected one of the CRUD endpoints"),
                c("mix endpoint twice", edit(MIXES, "illustrative,put_item", "illustrative,get_item"),
                        MIXES, "line 5", "endpoint", "'get_item' of mix 'illustrative' again (first on line 2)"),
                c("mixes.csv without weight column", edit(MIXES, "mix,endpoint,weight", "mix,endpoint,share"),
                        MIXES, "line 1", "weight", "expected a column 'weight' in the header"),

                // campaign.json
                c("campaign.json without device id", edit(CAMPAIGN, "\"id\": \"fixture-device\", ", ""),
                        CAMPAIGN, "$.device.id", null, "expected a string such as pi5-a (the pattern ^[A-Za-z0-9][A-Za-z0-9._+-]*$),"
                                + " found no such key"),
                c("bad power_source", edit(CAMPAIGN, "\"power_source\": \"none\"", "\"power_source\": \"battery\""),
                        CAMPAIGN, "$.device.power_source", null, "expected one of pmic, rapl, none, found 'battery'"),
                c("campaign.json without stacks", edit(CAMPAIGN, "\"stacks\":", "\"stackz\":"),
                        CAMPAIGN, "$.stacks", null, "expected a non-empty array, found no such key"),
                c("campaign id differs from its folder", edit(CAMPAIGN, "\"campaign\": \"c1\"", "\"campaign\": \"c2\""),
                        CAMPAIGN, "$.campaign", null, "expected the campaign's folder name 'c1', found 'c2'"),
                c("stack listed twice", edit(CAMPAIGN, "{\"id\": \"rust\"", "{\"id\": \"go\""),
                        CAMPAIGN, "$.stacks[1].id", null, "expected each stack listed once"),
                c("cores not an integer", edit(CAMPAIGN, "\"cores\": 4", "\"cores\": \"four\""),
                        CAMPAIGN, "$.device.cores", null, "expected an integer >= 1, found 'four'"),
                c("campaign.json missing", d -> Fixtures.delete(d, CAMPAIGN),
                        CAMPAIGN, null, null, "no such file"),

                // config/analysis.json
                c("analysis.json unknown key", edit(ANALYSIS, "\"rng_seed\"", "\"rng_sed\""),
                        ANALYSIS, "$.rng_sed", null, "found the unknown key 'rng_sed'"),
                c("confidence out of range", d -> Fixtures.write(d, ANALYSIS, "{\"confidence\": 1.5}\n"),
                        ANALYSIS, "$.confidence", null, "expected a number strictly between 0 and 1, found 1.5"),
                c("unknown posthoc_test", d -> Fixtures.write(d, ANALYSIS, "{\"posthoc_test\": \"t-test\"}\n"),
                        ANALYSIS, "$.posthoc_test", null, "expected one of mann-whitney, welch, found 't-test'"),
                c("bootstrap_resamples not an integer", d -> Fixtures.write(d, ANALYSIS, "{\"bootstrap_resamples\": 100.5}\n"),
                        ANALYSIS, "$.bootstrap_resamples", null, "expected an integer >= 1, found 100.5"),
                c("excluded campaign that does not exist", d -> Fixtures.write(d, ANALYSIS, "{\"exclude_campaigns\": [\"c9\"]}\n"),
                        ANALYSIS, "$.exclude_campaigns[0]", null, "expected a campaign folder under raw/ (c1), found 'c9'"),

                // reference/published.csv
                c("published value not a number", edit(PUBLISHED, ",310.25,", ",\"310,25\","),
                        PUBLISHED, "line 2", "value", "found '310,25'"),
                c("published.csv without value column", edit(PUBLISHED, ",metric,value,", ",metric,val,"),
                        PUBLISHED, "line 1", "value", "expected a column 'value' in the header"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isReportedWithFileLineColumnAndLeavesOutputsUntouched(Case k, @TempDir Path tmp) {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        Path out = Fixtures.previousOutputs(tmp.resolve("out"));
        Fixtures.Snapshot before = Fixtures.snapshot(out);
        k.edit().accept(data);

        Cli.Result r = Cli.run("paper", "--data", data.toString(), "--out", out.toString(), "--threads", "1");

        assertEquals(1, r.exit(), r::toString);
        String prefix = "error: " + k.file() + (k.where() == null ? "" : " " + k.where())
                + (k.column() == null ? "" : (k.where() == null ? " " : ", ") + "column " + k.column()) + ": ";
        List<String> lines = Arrays.asList(r.err().split("\n"));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith(prefix) && l.contains(k.fragment())),
                () -> "no stderr line starts with [" + prefix + "] and contains [" + k.fragment() + "]\n" + r);
        assertTrue(r.err().contains("tables/ and figures/ were left unchanged"), r::toString);
        Fixtures.snapshot(out).assertSameAs(before);
        assertEquals(1, Cli.run("ingest", "--data", data.toString()).exit());
    }
}
