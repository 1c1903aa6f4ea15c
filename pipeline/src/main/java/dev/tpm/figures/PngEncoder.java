package dev.tpm.figures;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.awt.image.SinglePixelPackedSampleModel;
import java.awt.image.WritableRaster;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * PNG bytes of a {@link BufferedImage#TYPE_INT_RGB} image (PNG specification, 2nd edition), written
 * straight from the image's int pixels, as the JDK's ImageIO PNG writer lays them out with its
 * defaults but at another zlib level: 8-bit RGB, no interlace, filter type 0 on every row, zlib at
 * {@link #DEFLATE_LEVEL}, IDAT chunks of 32,768 bytes, no ancillary chunk. PngEncoderTest reads
 * the bytes back (ImageIO decodes them to the same pixels; the image data is those rows deflated
 * at that level). ImageIO copies every row into a new raster and an int per sample before
 * encoding it; this does neither.
 */
final class PngEncoder {
    /**
     * zlib's level: 3, not ImageIO's default 4. Level 3 is the last of zlib's fast levels (no lazy
     * matching): on the figures of one device it deflates in 149 ms of thread CPU against 351 at
     * level 4, for files 15 % larger (docs/PERFORMANCE.md). The pixels, and so the picture, are the
     * same at any level.
     */
    static final int DEFLATE_LEVEL = 3;
    /** ImageIO's IDAT chunk length. */
    static final int IDAT_CHUNK = 32_768;
    private static final byte[] SIGNATURE = {(byte) 137, 80, 78, 71, 13, 10, 26, 10};

    private PngEncoder() {}

    static byte[] encode(BufferedImage image) {
        if (image.getType() != BufferedImage.TYPE_INT_RGB) {
            throw new IllegalArgumentException("only TYPE_INT_RGB images, got type " + image.getType());
        }
        int width = image.getWidth();
        int height = image.getHeight();
        WritableRaster raster = image.getRaster();
        DataBufferInt buffer = (DataBufferInt) raster.getDataBuffer();
        SinglePixelPackedSampleModel model = (SinglePixelPackedSampleModel) raster.getSampleModel();
        int[] pixels = buffer.getData();
        int stride = model.getScanlineStride();
        // index of pixel (0, 0): a subimage shares its parent's array
        int origin = buffer.getOffset() + model.getOffset(
                raster.getMinX() - raster.getSampleModelTranslateX(), raster.getMinY() - raster.getSampleModelTranslateY());

        ByteArrayOutputStream out = new ByteArrayOutputStream(width * height / 4 + 1024);
        out.writeBytes(SIGNATURE);
        ByteBuffer ihdr = ByteBuffer.allocate(13);
        ihdr.putInt(width).putInt(height).put((byte) 8).put((byte) 2).put((byte) 0).put((byte) 0).put((byte) 0);
        chunk(out, "IHDR", ihdr.array(), 0, 13);

        Deflater deflater = new Deflater(DEFLATE_LEVEL);
        byte[] row = new byte[1 + 3 * width]; // filter byte 0, then R, G, B of each pixel
        byte[] idat = new byte[IDAT_CHUNK];
        int filled = 0;
        try {
            for (int y = 0; y < height; y++) {
                int p = origin + y * stride;
                for (int x = 0, j = 1; x < width; x++, j += 3) {
                    int rgb = pixels[p + x];
                    row[j] = (byte) (rgb >>> 16);
                    row[j + 1] = (byte) (rgb >>> 8);
                    row[j + 2] = (byte) rgb;
                }
                deflater.setInput(row);
                while (!deflater.needsInput()) {
                    filled += deflater.deflate(idat, filled, IDAT_CHUNK - filled);
                    if (filled == IDAT_CHUNK) {
                        chunk(out, "IDAT", idat, 0, filled);
                        filled = 0;
                    }
                }
            }
            deflater.finish();
            while (!deflater.finished()) {
                filled += deflater.deflate(idat, filled, IDAT_CHUNK - filled);
                if (filled == IDAT_CHUNK && !deflater.finished()) {
                    chunk(out, "IDAT", idat, 0, filled);
                    filled = 0;
                }
            }
        } finally {
            deflater.end();
        }
        chunk(out, "IDAT", idat, 0, filled);
        chunk(out, "IEND", new byte[0], 0, 0);
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data, int off, int len) {
        byte[] t = type.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        out.writeBytes(ByteBuffer.allocate(4).putInt(len).array());
        out.writeBytes(t);
        out.write(data, off, len);
        CRC32 crc = new CRC32();
        crc.update(t);
        crc.update(data, off, len);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
