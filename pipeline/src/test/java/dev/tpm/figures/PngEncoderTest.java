package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.paper.PaperCatalog;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.Random;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** The PNG encoder writes exactly the bytes of the JDK's ImageIO PNG writer with its defaults. */
class PngEncoderTest {
    private static byte[] imageIo(BufferedImage image) throws Exception {
        ImageIO.setUseCache(false);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        assertTrue(ImageIO.write(image, "png", bytes));
        return bytes.toByteArray();
    }

    @Test
    void everyFigureOfTheSyntheticFixtureEncodesAsImageIoDoes() throws Exception {
        Results results = SyntheticResults.pi5();
        DeviceResults device = results.devices().get(0);
        Theme theme = new Theme(results.stackOrder());
        for (FigureBuilder b : PaperCatalog.CATALOG.figureBuilders()) {
            if (b.missingData(results, device) != null) continue;
            BufferedImage image = FigureWriter.raster(b.build(results, device, theme));
            assertArrayEquals(imageIo(image), PngEncoder.encode(image), b.name() + ".png");
        }
    }

    /**
     * Random pixels compress badly, so these images span many IDAT chunks; the sizes include one
     * pixel wide and one row high images.
     */
    @Test
    void noisyImagesOfManySizesEncodeAsImageIoDoes() throws Exception {
        Random rng = new Random(7);
        int[][] sizes = {{1, 1}, {1, 300}, {300, 1}, {257, 129}, {640, 480}, {1000, 90}};
        for (int[] s : sizes) {
            BufferedImage image = new BufferedImage(s[0], s[1], BufferedImage.TYPE_INT_RGB);
            for (int y = 0; y < s[1]; y++) {
                for (int x = 0; x < s[0]; x++) image.setRGB(x, y, rng.nextInt(4) == 0 ? rng.nextInt() : 0xFFFFFF);
            }
            assertArrayEquals(imageIo(image), PngEncoder.encode(image), s[0] + "x" + s[1]);
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
        assertArrayEquals(imageIo(sub), PngEncoder.encode(sub));
    }

    @Test
    void refusesOtherImageTypes() {
        BufferedImage argb = new BufferedImage(4, 4, BufferedImage.TYPE_INT_ARGB);
        assertThrows(IllegalArgumentException.class, () -> PngEncoder.encode(argb));
    }
}
