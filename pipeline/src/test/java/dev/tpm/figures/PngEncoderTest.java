package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.paper.PaperCatalog;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * The PNG encoder's bytes, read back: ImageIO decodes them to the image's own pixels; the chunks are
 * IHDR (8-bit RGB, no interlace), IDAT of 32,768 bytes but the last, IEND and nothing else; the
 * image data inflates to one filter-0 row per pixel row, and is that data deflated at
 * {@link PngEncoder#DEFLATE_LEVEL} in one call, so the level is the one the encoder says.
 */
class PngEncoderTest {
    private static void assertEncodes(BufferedImage image, String what) throws Exception {
        byte[] png = PngEncoder.encode(image);
        int w = image.getWidth(), h = image.getHeight();
        BufferedImage back = ImageIO.read(new ByteArrayInputStream(png));
        assertEquals(w, back.getWidth(), what);
        assertEquals(h, back.getHeight(), what);
        byte[] raw = new byte[h * (1 + 3 * w)];
        for (int y = 0, k = 0; y < h; y++) {
            raw[k++] = 0;
            for (int x = 0; x < w; x++) {
                int rgb = image.getRGB(x, y);
                assertEquals(rgb, back.getRGB(x, y), what + " pixel " + x + "," + y);
                raw[k++] = (byte) (rgb >>> 16);
                raw[k++] = (byte) (rgb >>> 8);
                raw[k++] = (byte) rgb;
            }
        }
        List<String> types = new ArrayList<>();
        ByteArrayOutputStream idat = new ByteArrayOutputStream();
        List<Integer> idatLengths = new ArrayList<>();
        for (PngChunk c : PngChunk.read(png)) {
            types.add(c.type());
            if (c.type().equals("IHDR")) {
                ByteBuffer ihdr = ByteBuffer.wrap(c.data());
                assertEquals(w, ihdr.getInt(), what);
                assertEquals(h, ihdr.getInt(), what);
                assertArrayEquals(new byte[] {8, 2, 0, 0, 0}, Arrays.copyOfRange(c.data(), 8, 13), what + " IHDR");
            }
            if (c.type().equals("IDAT")) {
                idat.write(c.data());
                idatLengths.add(c.data().length);
            }
        }
        assertEquals("IHDR", types.get(0), what);
        assertEquals("IEND", types.get(types.size() - 1), what);
        assertEquals(types.size() - 2, idatLengths.size(), what + ": only IHDR, IDAT and IEND " + types);
        for (int i = 0; i < idatLengths.size() - 1; i++) assertEquals(PngEncoder.IDAT_CHUNK, idatLengths.get(i), what);
        Inflater inflater = new Inflater();
        inflater.setInput(idat.toByteArray());
        byte[] inflated = new byte[raw.length + 1];
        int n = inflater.inflate(inflated);
        assertTrue(inflater.finished(), what);
        inflater.end();
        assertArrayEquals(raw, Arrays.copyOf(inflated, n), what + ": filter 0 rows of the pixels");
        Deflater deflater = new Deflater(PngEncoder.DEFLATE_LEVEL);
        deflater.setInput(raw);
        deflater.finish();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        byte[] buf = new byte[65_536];
        while (!deflater.finished()) expected.write(buf, 0, deflater.deflate(buf));
        deflater.end();
        assertArrayEquals(expected.toByteArray(), idat.toByteArray(), what + ": deflated at level " + PngEncoder.DEFLATE_LEVEL);
    }

    @Test
    void everyFigureOfTheSyntheticFixtureEncodes() throws Exception {
        Results results = SyntheticResults.pi5();
        DeviceResults device = results.devices().get(0);
        Theme theme = new Theme(results.stackOrder());
        for (FigureBuilder b : PaperCatalog.CATALOG.figureBuilders()) {
            if (b.missingData(results, device) != null) continue;
            BufferedImage image = FigureWriter.raster(b.build(results, device, theme));
            assertEncodes(image, b.name() + ".png");
        }
    }

    /**
     * Random pixels compress badly, so these images span many IDAT chunks; the sizes include one
     * pixel wide and one row high images.
     */
    @Test
    void noisyImagesOfManySizesEncode() throws Exception {
        Random rng = new Random(7);
        int[][] sizes = {{1, 1}, {1, 300}, {300, 1}, {257, 129}, {640, 480}, {1000, 90}};
        for (int[] s : sizes) {
            BufferedImage image = new BufferedImage(s[0], s[1], BufferedImage.TYPE_INT_RGB);
            for (int y = 0; y < s[1]; y++) {
                for (int x = 0; x < s[0]; x++) image.setRGB(x, y, rng.nextInt(4) == 0 ? rng.nextInt() : 0xFFFFFF);
            }
            assertEncodes(image, s[0] + "x" + s[1]);
        }
    }

    @Test
    void aSubimageIsEncodedFromItsOwnPixels() throws Exception {
        BufferedImage big = new BufferedImage(400, 300, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = big.createGraphics();
        g.setColor(Color.RED);
        g.fillOval(10, 20, 300, 200);
        g.dispose();
        BufferedImage sub = big.getSubimage(50, 40, 200, 100);
        assertEncodes(sub, "subimage");
    }

    @Test
    void refusesOtherImageTypes() {
        BufferedImage argb = new BufferedImage(4, 4, BufferedImage.TYPE_INT_ARGB);
        assertThrows(IllegalArgumentException.class, () -> PngEncoder.encode(argb));
    }
}
