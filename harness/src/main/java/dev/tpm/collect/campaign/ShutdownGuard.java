package dev.tpm.collect.campaign;

import java.util.concurrent.atomic.AtomicReference;

/**
 * On SIGTERM or Ctrl-C, takes the running server (the calibration's or the run's) down with the
 * harness: a shutdown hook that kills whatever {@link #killWith} last named, removed on close.
 */
final class ShutdownGuard implements AutoCloseable {
    private final AtomicReference<Runnable> kill = new AtomicReference<>(() -> {});
    private final Thread hook = new Thread(() -> kill.get().run(), "collect-shutdown");

    ShutdownGuard() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** What the hook kills from now on. */
    void killWith(Runnable k) {
        kill.set(k);
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running
        }
    }
}
