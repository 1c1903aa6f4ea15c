package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/** One chunk of a PNG file, as the tests read them. */
record PngChunk(String type, byte[] data) {
    private static final byte[] SIGNATURE = {(byte) 137, 80, 78, 71, 13, 10, 26, 10};

    /** The chunks of png in order, after asserting its signature and every chunk's CRC. */
    static List<PngChunk> read(byte[] png) {
        ByteBuffer b = ByteBuffer.wrap(png);
        byte[] signature = new byte[SIGNATURE.length];
        b.get(signature);
        assertArrayEquals(SIGNATURE, signature, "PNG signature");
        List<PngChunk> chunks = new ArrayList<>();
        while (b.hasRemaining()) {
            int length = b.getInt();
            byte[] type = new byte[4];
            b.get(type);
            byte[] data = new byte[length];
            b.get(data);
            CRC32 crc = new CRC32();
            crc.update(type);
            crc.update(data);
            String name = new String(type, StandardCharsets.US_ASCII);
            assertEquals((int) crc.getValue(), b.getInt(), name + " CRC");
            chunks.add(new PngChunk(name, data));
        }
        return chunks;
    }
}
