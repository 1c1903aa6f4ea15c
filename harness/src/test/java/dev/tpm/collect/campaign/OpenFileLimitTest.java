package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.Presets;
import dev.tpm.model.Preset;
import dev.tpm.testing.ExternalTool;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The open-file limit a preset needs, and the prlimit prefix that gives it to the server and wrk. */
class OpenFileLimitTest {
    private static final Path PRESETS = Path.of("harness", "presets");

    @Test
    void theNeedIsThePresetsLargestConnectionCountPlusHeadroom() throws Exception {
        assertEquals(1000, OpenFileLimit.maxConnections(Presets.resolve("hello-blog-next", PRESETS)));
        assertEquals(50, OpenFileLimit.maxConnections(Presets.resolve("hello-blog", PRESETS)));
        assertEquals(1000 + OpenFileLimit.HEADROOM, OpenFileLimit.of(Presets.resolve("hello-blog-next-smoke", PRESETS)).needed());
    }

    @Test
    void anInheritedLimitThatSufficesAddsNothing() {
        OpenFileLimit enough = new OpenFileLimit(1256, 20000, 20000, false);
        assertFalse(enough.raises());
        assertEquals(List.of("taskset", "-c", "1"), enough.before(List.of("taskset", "-c", "1")));
        assertTrue(enough.describe(false).endsWith("soft 20000, hard 20000: the server and the load generator inherit it, nothing raised"),
                enough.describe(false));
    }

    @Test
    void aSoftLimitBelowTheNeedIsRaisedThroughPrlimitUpToTheHardOne() {
        OpenFileLimit low = new OpenFileLimit(1256, 1024, 524288, false);
        assertTrue(low.raises());
        assertTrue(low.satisfiable());
        assertEquals(List.of("prlimit", "--nofile=1256:524288", "--", "taskset", "-c", "1"), low.before(List.of("taskset", "-c", "1")));
        assertTrue(low.describe(false).endsWith("the server and the load generator start through prlimit --nofile=1256:524288"),
                low.describe(false));
        assertTrue(low.describe(true).contains("keeps that host's limit"), low.describe(true));
    }

    @Test
    void aHardLimitBelowTheNeedNeedsRoot() {
        OpenFileLimit user = new OpenFileLimit(1256, 1024, 1024, false);
        assertFalse(user.satisfiable());
        assertTrue(user.describe(false).contains("only root may raise it"), user.describe(false));
        OpenFileLimit root = new OpenFileLimit(1256, 1024, 1024, true);
        assertTrue(root.satisfiable());
        assertEquals(List.of("prlimit", "--nofile=1256:1256", "--"), root.prefix());
    }

    @Test
    void procLimitsIsParsed() {
        List<String> text = List.of("Limit                     Soft Limit           Hard Limit           Units",
                "Max processes             95000                95000                processes",
                "Max open files            1024                 unlimited            files");
        assertArrayEquals(new long[] {1024, Long.MAX_VALUE}, OpenFileLimit.parseLimits(text));
        long[] mine = OpenFileLimit.readLimits();
        assertTrue(mine[0] > 0 && mine[0] <= mine[1], mine[0] + " " + mine[1]);
    }

    /** prlimit sets the limit and execs the command: the child sees the raised soft limit. */
    @Test
    void prlimitGivesTheCommandTheLimit() throws Exception {
        ExternalTool.require("prlimit");
        long[] mine = OpenFileLimit.readLimits();
        long want = Math.min(mine[1], 4096) - 1;
        OpenFileLimit l = new OpenFileLimit(want, want - 1, mine[1], false);
        List<String> argv = l.before(List.of("cat", "/proc/self/limits"));
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertEquals(want, OpenFileLimit.parseLimits(out.lines().toList())[0], out);
    }
}
