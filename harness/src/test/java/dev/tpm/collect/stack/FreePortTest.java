package dev.tpm.collect.stack;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class FreePortTest {
    @Test
    void thePortCanBeBoundOnLoopback() throws IOException {
        int port = FreePort.find();
        assertTrue(port > 0 && port < 65536, "port " + port);
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertTrue(s.isBound());
        }
    }
}
