package dev.tpm.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tpm.codec.BadInputException;
import dev.tpm.model.Campaign;
import dev.tpm.testing.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** data.md version 4's {@code machine.hardware_id}, on the minimal fixture (synthetic, not measured). */
class IngestMachineTest {
    @TempDir
    Path tmp;

    private int folders;

    private Path withMachine(String machine) {
        Path data = Fixtures.copy("minimal", tmp.resolve("data" + folders++));
        Fixtures.write(data, "raw/c2/campaign.json", "{\"campaign\": \"c2\", \"study\": \"hello-blog\","
                + " \"device\": {\"id\": \"fixture-device\"}" + (machine == null ? "" : ", \"machine\": " + machine) + ","
                + " \"load_generator\": {\"tool\": \"wrk\", \"version\": \"4.1.0\", \"host\": \"same\"},"
                + " \"protocol\": {}, \"stacks\": [{\"id\": \"go-http\"}]}");
        Fixtures.write(data, "raw/c2/phase1.csv", "seq,stack,endpoint,concurrency,threads,run,warmup,duration_s,requests,rps,"
                + "lat_p50_ms,lat_p90_ms,lat_p99_ms,status\n1,go-http,hello,10,2,1,0,15,30000,2000,0.5,0.9,2.5,ok\n");
        return data;
    }

    private static Campaign c2(Path data) throws Exception {
        return Ingest.read(data, w -> { }).campaigns().stream().filter(c -> c.id().equals("c2")).findFirst().orElseThrow();
    }

    @Test
    void theHardwareIdIsReadWhenRecordedAndNullWhenNot() throws Exception {
        assertEquals("dt-serial:a1b2c3d4e5f60718", c2(withMachine("{\"machine_id\": \"3d1219c7c4c5404aaa1f6d2a48adfda4\","
                + " \"hardware_id\": \"dt-serial:a1b2c3d4e5f60718\"}")).hardwareId());
        assertNull(c2(withMachine("{\"machine_id\": \"3d1219c7c4c5404aaa1f6d2a48adfda4\"}")).hardwareId(),
                "a version-3 machine");
    }

    @Test
    void noMachineIsNoHardwareId() throws Exception {
        assertNull(c2(withMachine(null)).hardwareId());
    }

    @Test
    void aHardwareIdWithoutItsSourceOrAMachineThatIsNoObjectIsAProblem() {
        for (var bad : List.of(List.of("{\"hardware_id\": \"02:fc:00:00:00:01\"}", "$.machine.hardware_id"),
                List.of("{\"hardware_id\": \"serial:a1b2\"}", "$.machine.hardware_id"),
                List.of("{\"hardware_id\": 42}", "$.machine.hardware_id"),
                List.of("\"3d1219c7c4c5404aaa1f6d2a48adfda4\"", "$.machine"))) {
            BadInputException e = assertThrows(BadInputException.class, () -> Ingest.read(withMachine(bad.get(0)), w -> { }));
            List<String> where = e.problems().stream().filter(p -> p.file().equals("raw/c2/campaign.json"))
                    .map(p -> p.where()).toList();
            assertEquals(List.of(bad.get(1)), where, bad.get(0));
        }
    }
}
