package dev.tpm.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.codec.BadInputException;
import dev.tpm.codec.Problem;
import dev.tpm.model.ProbeRow;
import dev.tpm.testing.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** data.md version 6 through ingest: probe.csv and the per-CPU steal columns, on the minimal fixture with SYNTHETIC campaigns. */
class IngestV6Test {
    private static final String HEADER = "seq,stack,endpoint,concurrency,threads,run,warmup,duration_s,requests,rps,"
            + "lat_p50_ms,lat_p90_ms,lat_p99_ms,status,steal_s,server_steal_s,loadgen_steal_s\n";
    private static final String PROBE = "{\"tool\": \"sysbench\", \"version\": \"1.0.20\", \"duration_s\": 5, \"every_runs\": 25}";
    private static final String PROBE_HEADER = "campaign,probe_seq,after_seq,cpu,test,value,duration_s,steal_s,started_at\n";

    @TempDir
    Path tmp;

    private int folders;

    private Path with(String protocol, String rows, String probeCsv) {
        Path data = Fixtures.copy("minimal", tmp.resolve("data" + folders++));
        Fixtures.write(data, "raw/c2/campaign.json", "{\"campaign\": \"c2\", \"study\": \"hello-blog\","
                + " \"device\": {\"id\": \"v6-device\", \"cores\": 2},"
                + " \"load_generator\": {\"tool\": \"wrk\", \"version\": \"4.1.0\", \"host\": \"same\", \"cpus\": \"0\"},"
                + " \"protocol\": " + protocol + ", \"stacks\": [{\"id\": \"go-http\"}, {\"id\": \"rust-hyper\"}]}");
        Fixtures.write(data, "raw/c2/phase1.csv", HEADER + rows);
        if (probeCsv != null) Fixtures.write(data, "raw/c2/probe.csv", PROBE_HEADER + probeCsv);
        return data;
    }

    private static String row(int seq, String stack, int run, String serverSteal) {
        return seq + "," + stack + ",hello,10,2," + run + ",0,15,30000,2000,0.5,0.9,2.5,ok,0.1," + serverSteal + ",\n";
    }

    private static final String ROWS = row(1, "go-http", 1, "0.2") + row(2, "rust-hyper", 1, "");

    private static List<Problem> problems(Path data) {
        return assertThrows(BadInputException.class, () -> Ingest.read(data, w -> { })).problems();
    }

    @Test
    void probeRowsAreReadInProbeSeqOrder() throws Exception {
        String probes = "c2,2,0,1,memory,9100.5,5,0,2026-12-07T10:00:06Z\n" + "c2,1,0,1,cpu,1234.5,5,0.01,2026-12-07T10:00:00Z\n"
                + "c2,3,2,1,cpu,1200,5,,2026-12-07T10:05:00Z\n";
        Dataset d = Ingest.read(with("{\"server_cpus\": \"1\", \"probe\": " + PROBE + "}", ROWS, probes), w -> { });
        List<ProbeRow> rows = d.probes();
        assertEquals(List.of(1L, 2L, 3L), rows.stream().map(ProbeRow::probeSeq).toList());
        assertEquals(1234.5, rows.get(0).value());
        assertTrue(Double.isNaN(rows.get(2).stealS()));
        assertEquals(0.2, d.phase1().stream().filter(r -> r.campaign().equals("c2")).findFirst().orElseThrow().row().serverStealS());
    }

    @Test
    void aProbeCsvWithoutProtocolProbeIsBadInputNamingTheFile() {
        List<Problem> p = problems(with("{\"server_cpus\": \"1\"}", ROWS, "c2,1,0,1,cpu,1234.5,5,0,2026-12-07T10:00:00Z\n"));
        assertEquals(1, p.size(), p.toString());
        assertEquals("raw/c2/probe.csv", p.get(0).file());
    }

    @Test
    void aBadProbeRowIsBadInputAtItsLineAndColumn() {
        String probes = "c2,1,0,1,cpu,1234.5,5,0,2026-12-07T10:00:00Z\n" + "c2,2,0,1,disk,-3,5,0,2026-12-07T10:00:06Z\n"
                + "c2,3,9,1,cpu,1000,5,0,2026-12-07T10:00:12Z\n";
        List<Problem> p = problems(with("{\"probe\": " + PROBE + "}", ROWS, probes));
        String all = p.toString();
        assertTrue(p.stream().allMatch(x -> x.file().equals("raw/c2/probe.csv")), all);
        assertTrue(all.contains("test") && all.contains("value") && all.contains("after_seq"), all); // line 3 twice, line 4 once
        assertTrue(p.size() >= 3, all);
    }

    @Test
    void aNegativeServerStealIsBadInputAtItsLine() {
        List<Problem> p = problems(with("{\"server_cpus\": \"1\"}", row(1, "go-http", 1, "-0.5"), null));
        assertEquals(1, p.size(), p.toString());
        assertEquals("raw/c2/phase1.csv", p.get(0).file());
        assertTrue(p.toString().contains("server_steal_s"), p.toString());
    }
}
