package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.stack.Fixtures;
import dev.tpm.testing.ExternalTool;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The versions a campaign records, read from a running server's GET /diag (the fixture stack). */
class StackServerSideTest {
    @Test
    void versionsComeFromTheRunningServersDiag() throws IOException {
        ExternalTool.require("python3");
        Map<String, String> v = new StackServerSide().versions(Fixtures.stack("fixture-good"));
        assertEquals(List.of("runtime", "framework", "sqlite"), List.copyOf(v.keySet()));
        assertTrue(v.get("runtime").startsWith("CPython 3."), v.toString());
        assertEquals("http.server", v.get("framework"));
        assertTrue(v.get("sqlite").matches("3\\.\\d+\\.\\d+"), v.toString());
    }

    @Test
    void aServerWithoutDiagStillGivesTheToolchainAndStackJson() throws IOException {
        ExternalTool.require("python3");
        Map<String, String> v = new StackServerSide().versions(Fixtures.stack("fixture-no-diag"));
        assertTrue(v.get("runtime").startsWith("Python 3."), v.toString());
        assertEquals("test fixture: http.server without GET /diag", v.get("framework"));
        assertTrue(!v.containsKey("sqlite"), v.toString());
    }
}
