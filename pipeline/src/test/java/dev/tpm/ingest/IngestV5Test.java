package dev.tpm.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.codec.BadInputException;
import dev.tpm.codec.Problem;
import dev.tpm.testing.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * data.md version 5's rules across rows and files: round in a campaign ordered in rounds (and only
 * there), one measured run per group and round, one cpu_id per device. On the minimal fixture with
 * SYNTHETIC campaigns added (not measured).
 */
class IngestV5Test {
    private static final String HEADER = "seq,stack,endpoint,concurrency,threads,run,warmup,duration_s,requests,rps,"
            + "lat_p50_ms,lat_p90_ms,lat_p99_ms,status,round\n";

    @TempDir
    Path tmp;

    private int folders;

    /** The minimal fixture plus campaign c2 of device {@code device} with this protocol, machine and phase-1 rows. */
    private Path with(String device, String protocol, String machine, String rows) {
        Path data = Fixtures.copy("minimal", tmp.resolve("data" + folders++));
        addCampaign(data, "c2", device, protocol, machine, rows);
        return data;
    }

    private static void addCampaign(Path data, String id, String device, String protocol, String machine, String rows) {
        Fixtures.write(data, "raw/" + id + "/campaign.json", "{\"campaign\": \"" + id + "\", \"study\": \"hello-blog\","
                + " \"device\": {\"id\": \"" + device + "\"}" + (machine == null ? "" : ", \"machine\": " + machine) + ","
                + " \"load_generator\": {\"tool\": \"wrk\", \"version\": \"4.1.0\", \"host\": \"same\"},"
                + " \"protocol\": " + protocol + ", \"stacks\": [{\"id\": \"go-http\"}, {\"id\": \"rust-hyper\"}]}");
        Fixtures.write(data, "raw/" + id + "/phase1.csv", HEADER + rows);
    }

    private static String row(int seq, String stack, int run, int warmup, String status, String round) {
        return seq + "," + stack + ",hello,10,2," + run + "," + warmup + ",15,30000,2000,0.5,0.9,2.5," + status + "," + round + "\n";
    }

    private static List<Problem> problems(Path data) {
        BadInputException e = assertThrows(BadInputException.class, () -> Ingest.read(data, w -> { }));
        return e.problems();
    }

    private static final String ROUNDS = "{\"order\": \"rounds\"}";

    @Test
    void aCampaignInRoundsWithEveryRoundAndOneMeasuredRunPerGroupAndRoundIsRead() throws Exception {
        String rows = row(1, "go-http", 1, 1, "ok", "1") + row(2, "go-http", 1, 0, "ok", "1") + row(3, "rust-hyper", 1, 0, "ok", "1")
                // a discarded run and its repeat in round 2: only one of them is measured
                + row(4, "go-http", 2, 0, "discarded", "2") + row(5, "go-http", 3, 0, "ok", "2")
                + row(6, "rust-hyper", 2, 0, "ok", "2");
        assertEquals(6, Ingest.read(with("v5-device", ROUNDS, null, rows), w -> { }).phase1().stream()
                .filter(r -> r.campaign().equals("c2")).count());
    }

    @Test
    void aMissingRoundInACampaignInRoundsIsBadInputAtItsLine() {
        String rows = row(1, "go-http", 1, 0, "ok", "1") + row(2, "rust-hyper", 1, 0, "ok", "") + row(3, "go-http", 2, 0, "ok", "2");
        List<Problem> p = problems(with("v5-device", ROUNDS, null, rows));
        assertEquals(1, p.size(), p.toString());
        assertEquals("raw/c2/phase1.csv", p.get(0).file());
        assertEquals("line 3", p.get(0).where());
        assertEquals("round", p.get(0).column());
        assertTrue(p.get(0).message().contains("required on every row"), p.get(0).message());
    }

    @Test
    void twoMeasuredRunsOfOneGroupInOneRoundAreBadInput() {
        // run 2 of go-http is measured in round 1 too; a warm-up or a failed run beside it would not count
        String rows = row(1, "go-http", 1, 0, "ok", "1") + row(2, "go-http", 1, 1, "ok", "1") + row(3, "go-http", 3, 0, "failed", "1")
                + row(4, "rust-hyper", 1, 0, "ok", "1") + row(5, "go-http", 2, 0, "ok", "1");
        List<Problem> p = problems(with("v5-device", ROUNDS, null, rows));
        assertEquals(1, p.size(), p.toString());
        assertEquals("line 6", p.get(0).where());
        assertEquals("round", p.get(0).column());
        assertTrue(p.get(0).message().contains("line 2 has one in round 1") && p.get(0).message().contains("go-http"),
                p.get(0).message());
    }

    @Test
    void aRoundInACampaignNotInRoundsIsBadInput() {
        String rows = row(1, "go-http", 1, 0, "ok", "") + row(2, "rust-hyper", 1, 0, "ok", "1");
        List<Problem> p = problems(with("v5-device", "{\"order\": \"randomized\"}", null, rows));
        assertEquals(1, p.size(), p.toString());
        assertEquals("line 3", p.get(0).where());
        assertEquals("round", p.get(0).column());
        assertTrue(p.get(0).message().contains("found '1'"), p.get(0).toString());
    }

    @Test
    void twoCpuIdsOnOneDeviceAreBadInputAndACampaignWithoutOneIsNotCompared() throws Exception {
        String rows = row(1, "go-http", 1, 0, "ok", "") + row(2, "rust-hyper", 1, 0, "ok", "");
        Path data = with("v5-device", "{}", "{\"cpu_id\": \"x86:AuthenticAMD:25:1:1\"}", rows);
        addCampaign(data, "c3", "v5-device", "{}", null, rows);
        assertEquals(3, Ingest.read(data, w -> { }).campaigns().size()); // one recorded, one not: no conflict
        addCampaign(data, "c4", "v5-device", "{}", "{\"cpu_id\": \"x86:AuthenticAMD:26:2:1\"}", rows);
        List<Problem> p = problems(data);
        assertEquals(1, p.size(), p.toString());
        assertEquals("raw/c4/campaign.json", p.get(0).file());
        assertEquals("$.machine.cpu_id", p.get(0).where());
        assertTrue(p.get(0).message().contains("x86:AuthenticAMD:25:1:1") && p.get(0).message().contains("c2"),
                p.get(0).message());
        // another device with the other CPU is no conflict
        Path two = with("v5-device", "{}", "{\"cpu_id\": \"x86:AuthenticAMD:25:1:1\"}", rows);
        addCampaign(two, "c4", "v5-other", "{}", "{\"cpu_id\": \"x86:AuthenticAMD:26:2:1\"}", rows);
        assertEquals(3, Ingest.read(two, w -> { }).campaigns().size());
    }

    @Test
    void aPostHocFamilyRowMayLeaveTheStackEmptyAndOtherRowsMayNot() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data" + folders++));
        Fixtures.write(data, "reference/published.csv", "source,table,stack,metric,value,unit,note\n"
                + "fixture,Table 14,rust,w_rps_per_mib,310.25,req/s/MB,\n"
                + "fixture,Section 6.4,,posthoc_comparisons,400,comparisons,\n"
                + "fixture,Section 6.4,,posthoc_significant,253,comparisons,\n"
                + "fixture,Section 6.4,all,posthoc_significant_share,0.6325,,\n");
        var published = Ingest.read(data, w -> { }).published();
        assertEquals(List.of("rust", "", "", "all"), published.stream().map(v -> v.stack()).toList());
        Fixtures.write(data, "reference/published.csv", "source,table,stack,metric,value,unit,note\n"
                + "fixture,Table 14,,w_rps_per_mib,310.25,req/s/MB,\n");
        List<Problem> p = problems(data);
        assertEquals(1, p.size(), p.toString());
        assertEquals("reference/published.csv", p.get(0).file());
        assertEquals("line 2", p.get(0).where());
        assertEquals("stack", p.get(0).column());
    }
}
