package dev.tpm.collect.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.EndpointRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Each wrk script sends what the one table of endpoint requests ({@link EndpointRequest}) says. */
class WrkScriptRequestsTest {
    private static final Path SCRIPTS = Path.of("harness", "wrk");
    /** {@code wrk.format("GET", "/items/" .. id)} or {@code wrk.format("POST", "/items", tpm.json_headers, tpm.item_body())}. */
    private static final Pattern FORMAT = Pattern.compile(
            "wrk\\.format\\(\"([A-Z]+)\", \"([^\"]*)\"( \\.\\. (?:[^,()]|\\([^()]*\\))+)?(, tpm\\.json_headers, tpm\\.item_body\\(\\))?\\)");

    @Test
    void everyScriptSendsTheTablesRequest() throws IOException {
        for (Map.Entry<String, EndpointRequest> e : EndpointRequest.ALL.entrySet()) {
            String lua = Files.readString(SCRIPTS.resolve(e.getKey() + ".lua"));
            Matcher m = FORMAT.matcher(lua);
            assertTrue(m.find(), e.getKey() + ": no wrk.format(...) request");
            EndpointRequest r = e.getValue();
            assertEquals(r.method(), m.group(1), e.getKey());
            String path = r.perItem() ? r.path().replace(EndpointRequest.ID, "") : r.path();
            assertEquals(path, m.group(2), e.getKey());
            assertEquals(r.perItem(), m.group(3) != null, e.getKey() + ": an id appended");
            assertEquals(r.itemBody(), m.group(4) != null, e.getKey() + ": an item body");
            assertTrue(!m.find(), e.getKey() + ": one request");
        }
    }

    @Test
    void theMixedScriptDrawsFromTheCrudScripts() throws IOException {
        String lua = Files.readString(SCRIPTS.resolve("mixed.lua"));
        for (String crud : dev.tpm.model.Endpoints.CRUD) {
            EndpointRequest r = EndpointRequest.ALL.get(crud);
            assertTrue(lua.contains("\"" + r.method() + "\""), crud + " " + r.method() + " in mixed.lua");
        }
    }
}
