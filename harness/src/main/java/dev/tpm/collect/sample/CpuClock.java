package dev.tpm.collect.sample;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** The current thread's CPU time, where the JVM measures it (0 elsewhere). */
final class CpuClock {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean SUPPORTED = THREADS.isCurrentThreadCpuTimeSupported();

    private CpuClock() {}

    static long threadCpuNanos() {
        return SUPPORTED ? THREADS.getCurrentThreadCpuTime() : 0;
    }
}
