package dev.tpm.collect.sample;

import java.util.List;

/** The kernel's clock ticks per second (USER_HZ, {@code getconf CLK_TCK}), the unit of /proc/&lt;pid&gt;/stat times. */
public final class ClockTicks {
    /** USER_HZ on every mainstream Linux architecture, used if getconf cannot be run. */
    private static final long LINUX_DEFAULT = 100;
    private static volatile long perSecond;

    private ClockTicks() {}

    public static long perSecond() {
        if (perSecond == 0) {
            long v = LINUX_DEFAULT;
            try {
                v = Long.parseLong(Commands.system(5_000).run(List.of("getconf", "CLK_TCK")).trim());
            } catch (Exception e) {
                // keep the default
            }
            perSecond = v;
        }
        return perSecond;
    }
}
