package dev.tpm.collect.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * A TCP port on 127.0.0.1 that was free a moment ago (the kernel picks it; another process can
 * still take it before the server binds, so a failed start may be retried on a new port).
 */
public final class FreePort {
    private FreePort() {}

    public static int find() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free TCP port on 127.0.0.1", e);
        }
    }
}
