package dev.tpm.server;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the JVM runs with, for GET /diag: its collectors, its maximum heap and its flags. */
final class Jvm {
    private Jvm() {}

    static Map<String, Object> facts() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("gc", ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName).toList());
        out.put("max_heap_bytes", Runtime.getRuntime().maxMemory());
        List<String> flags = ManagementFactory.getRuntimeMXBean().getInputArguments();
        out.put("flags", flags);
        return out;
    }
}
