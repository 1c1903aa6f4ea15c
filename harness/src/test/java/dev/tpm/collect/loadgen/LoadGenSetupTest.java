package dev.tpm.collect.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LoadGenSetupTest {
    @Test
    void defaultsPutTheToolsBesideTheWrkScripts() {
        LoadGenSetup s = LoadGenSetup.local(Path.of("harness", "wrk"));
        assertEquals("wrk", s.wrk());
        assertEquals(Path.of("harness", "loadgen", "autocannon"), s.autocannonDir());
        assertEquals(Path.of("harness", "loadgen", "oha"), s.ohaDir());
        assertEquals(LoadGenerator.DEFAULT_NODE, s.node());
        assertEquals(LoadGenHost.LOCAL, s.host());
        assertEquals("127.0.0.1", s.address());
    }

    @Test
    void aWildcardBindIsReachedOnLoopbackHereAndAsBoundFromAnotherHost() {
        var b = LoadGenSetup.builder(Path.of("wrk")).bind("0.0.0.0");
        assertEquals("127.0.0.1", b.build().address());
        assertEquals("::", b.bind("::").host(new LoadGenHost("pi@loadgen", null)).build().address());
        assertEquals("10.0.0.5", b.bind("10.0.0.5").host(LoadGenHost.LOCAL).build().address());
    }

    @Test
    void onlyTheScriptsFolderChangesWhenCopiedToTheHost() {
        LoadGenSetup s = LoadGenSetup.builder(Path.of("harness", "wrk")).wrk("/opt/wrk").ohaDir(Path.of("/opt/oha")).build();
        LoadGenSetup copy = s.withWrkScripts(Path.of("/tmp/tpm-wrk-c1"));
        assertEquals(new LoadGenSetup(Path.of("/tmp/tpm-wrk-c1"), "/opt/wrk", s.autocannonDir(), s.node(), Path.of("/opt/oha"),
                s.host(), s.bind()), copy);
    }

    @Test
    void aBlankNodeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> LoadGenSetup.builder(Path.of("wrk")).node(" ").build());
    }
}
