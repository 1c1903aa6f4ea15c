package dev.tpm.collect.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.testing.ExternalTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** runtime_bytes of real stacks with this machine's toolchains: java, node, python; none for go. */
class RuntimeSizeTest {
    private static final StackRegistry SERVERS = load(Path.of("servers"));

    private static StackRegistry load(Path p) {
        try {
            return StackRegistry.load(p);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aJarNeedsItsJavaHome() throws Exception {
        ExternalTool.require("java");
        RuntimeSize.Paths p = RuntimeSize.paths(SERVERS.get("java-jdk"));
        assertEquals("java", p.runtime());
        assertEquals(1, p.paths().size(), p.toString());
        Path home = p.paths().get(0);
        assertTrue(Files.isExecutable(home.resolve("bin/java")) && Files.exists(home.resolve("lib/modules")), home.toString());
        long bytes = RuntimeSize.du(p.paths());
        assertTrue(bytes > 30_000_000, "a JDK or JRE is tens of MB: " + bytes);
    }

    @Test
    void aNodeScriptNeedsTheNodeBinaryItsNodeModulesBeingTheArtifact() throws Exception {
        ExternalTool.require("node");
        RuntimeSize.Paths p = RuntimeSize.paths(SERVERS.get("node"));
        assertEquals("node", p.runtime());
        Path node = p.paths().get(0);
        assertEquals(1, p.paths().size(), "node_modules is node's artifact: " + p);
        assertTrue(node.getFileName().toString().startsWith("node"), node.toString());
        // du --bytes of one file is its size
        assertEquals(Files.size(node), RuntimeSize.du(p.paths()));
    }

    @Test
    void aPythonVirtualEnvironmentNeedsItsInterpretersPrefix(@TempDir Path tmp) throws Exception {
        ExternalTool.require("python3");
        Path dir = Files.createDirectories(tmp.resolve("python"));
        Files.copy(Path.of("servers/python/stack.json"), dir.resolve("stack.json"));
        Process venv = new ProcessBuilder("python3", "-m", "venv", "--without-pip", dir.resolve(".venv").toString())
                .inheritIO().start();
        assertTrue(venv.waitFor(60, TimeUnit.SECONDS) && venv.exitValue() == 0);
        StackSpec spec = StackRegistry.load(tmp).get("python");
        RuntimeSize.Paths p = RuntimeSize.paths(spec);
        assertEquals("python", p.runtime());
        Process q = new ProcessBuilder(dir.resolve(".venv/bin/python").toString(), "-c",
                "import os,sys;print(os.path.realpath(sys.base_prefix))").start();
        String prefix = new String(q.getInputStream().readAllBytes()).strip();
        assertTrue(q.waitFor(30, TimeUnit.SECONDS));
        if (List.of("/usr", "/usr/local").contains(prefix)) {
            assertEquals(2, p.paths().size(), "the system interpreter's binary and standard library: " + p);
        } else {
            assertEquals(List.of(Path.of(prefix)), p.paths(), "the venv is python's artifact; its interpreter's prefix");
        }
        assertTrue(RuntimeSize.du(p.paths()) > 10_000_000, p.toString());
    }

    @Test
    void aNativeBinaryNeedsNoRuntime(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("go/bin"));
        Files.copy(Path.of("servers/go/stack.json"), tmp.resolve("go/stack.json"));
        Files.copy(Path.of("/bin/true"), dir.resolve("server"));
        assertNull(RuntimeSize.paths(StackRegistry.load(tmp).get("go")));
        assertNull(RuntimeSize.bytes(StackRegistry.load(tmp).get("go")));
    }

    @Test
    void shebangsAndJavaSettingsAreRead(@TempDir Path tmp) throws Exception {
        Path s = tmp.resolve("puma");
        Files.writeString(s, "#!/usr/bin/env ruby\nputs 1\n");
        assertEquals("ruby", RuntimeSize.shebang(s));
        Files.writeString(s, "#!/opt/py/bin/python3.12 -E\n");
        assertEquals("/opt/py/bin/python3.12", RuntimeSize.shebang(s));
        Files.write(s, new byte[] {0x7f, 'E', 'L', 'F'});
        assertNull(RuntimeSize.shebang(s));
        assertEquals("/usr/lib/jvm/x", RuntimeSize.property("Property settings:\n    java.class.path = \n    java.home = /usr/lib/jvm/x\n",
                "java.home"));
    }
}
