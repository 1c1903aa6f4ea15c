package dev.tpm.collect.stack;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.testing.ExternalTool;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolchainVersionTest {
    private static StackSpec withVersion(List<String> version) {
        return StackSpec.builder("v", Fixtures.STACKS, List.of("x")).version(version).create();
    }

    @Test
    void firstNonBlankLineOfStdoutOrStderr() throws IOException {
        ExternalTool.require("python3");
        String v = ToolchainVersion.of(withVersion(List.of("python3", "-c",
                "import sys; print(file=sys.stderr); print('toolchain 1.2.3', file=sys.stderr); print('second line')")));
        assertTrue(v.equals("toolchain 1.2.3") || v.equals("second line"), v);
    }

    @Test
    void javaVersionOfThisJdk() throws IOException {
        String v = ToolchainVersion.of(withVersion(List.of("java", "--version")));
        assertTrue(v.contains(Integer.toString(Runtime.version().feature())), v);
    }

    @Test
    void aFailingCommandIsAnError() {
        ExternalTool.require("python3");
        IOException e = assertThrows(IOException.class,
                () -> ToolchainVersion.of(withVersion(List.of("python3", "-c", "import sys; sys.exit(2)"))));
        assertTrue(e.getMessage().contains("exited with code 2"), e.getMessage());
    }
}
