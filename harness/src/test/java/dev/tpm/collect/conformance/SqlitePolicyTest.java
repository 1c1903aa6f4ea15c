package dev.tpm.collect.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.collect.stack.Diag;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The policy check on /diag answers (synthetic answers written here, not captured from a server). */
class SqlitePolicyTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GOOD = """
            {"sqlite_version": "3.46.0",
             "pragmas": {"journal_mode": "wal", "synchronous": 1, "busy_timeout": 5000, "cache_size": -2000,
                         "temp_store": 2, "mmap_size": 0},
             "runtime": "go1.26.8", "framework": "net/http", "connections": {"read": 2, "write": 1}}""";

    private static ObjectNode good() throws IOException {
        return (ObjectNode) JSON.readTree(GOOD);
    }

    private static List<String> violations(ObjectNode n) throws IOException {
        return SqlitePolicy.violations(Diag.parse(n));
    }

    @Test
    void anAnswerAtThePolicyValuesHasNoViolation() throws IOException {
        assertEquals(List.of(), violations(good()));
        ObjectNode upper = good();
        ((ObjectNode) upper.get("pragmas")).put("journal_mode", "WAL");
        assertEquals(List.of(), violations(upper), "journal_mode compares without case");
    }

    @Test
    void eachPragmaOffThePolicyIsNamedWithBothValues() throws IOException {
        ObjectNode n = good();
        ObjectNode p = (ObjectNode) n.get("pragmas");
        p.put("journal_mode", "delete");
        p.put("synchronous", 2);
        p.put("cache_size", -16000);
        p.put("mmap_size", "0");
        p.remove("temp_store");
        assertEquals(List.of(
                "pragma journal_mode: expected wal, found \"delete\"",
                "pragma synchronous: expected 1, found 2",
                "pragma cache_size: expected -2000, found -16000",
                "pragma temp_store: not reported (expected 2)",
                "pragma mmap_size: expected 0, found \"0\""), violations(n));
    }

    @Test
    void moreThanOneWriterOrNoReaderBreaksThePolicy() throws IOException {
        ObjectNode n = good();
        ((ObjectNode) n.get("connections")).put("write", 4).put("read", 0);
        assertEquals(List.of(
                "connections.write: expected 1 write connection per process, found 4",
                "connections.read: expected at least 1 read connection, found 0"), violations(n));
    }

    @Test
    void versionsMustBePresent() throws IOException {
        ObjectNode n = good();
        n.remove("runtime");
        n.put("sqlite_version", "");
        assertEquals(List.of(
                "sqlite_version: expected a SQLite 3 version such as 3.46.0, found \"\"",
                "runtime: expected the runtime and its version, found null"), violations(n));
    }
}
