package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.GraphicsEnvironment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;

class ThemeTest {
    @Test
    void paletteIsOkabeItoWithoutBlack() {
        List<Integer> rgb = Theme.OKABE_ITO.stream().map(c -> c.getRGB() & 0xFFFFFF).toList();
        assertEquals(List.of(0xE69F00, 0x56B4E9, 0x009E73, 0x0072B2, 0xD55E00, 0xCC79A7, 0xF0E442), rgb);
    }

    @Test
    void aStacksColourAndMarkerFollowItsPositionInTheStackOrder() {
        Theme theme = new Theme(List.of("go", "rust", "python"));
        assertEquals(Theme.OKABE_ITO.get(0), theme.color("go"));
        assertEquals(Theme.OKABE_ITO.get(2), theme.color("python"));
        // a device with fewer stacks still colours them by the global order
        assertEquals(new Theme(List.of("go", "rust", "python")).color("rust"), theme.color("rust"));
        assertNotEquals(theme.marker("go").getClass(), theme.marker("rust").getClass());
        assertThrows(IllegalArgumentException.class, () -> theme.color("cobol"));
    }

    @Test
    void thirtyFiveStacksGetDistinctColourAndMarkerPairs() {
        List<String> stacks = new ArrayList<>();
        for (int i = 0; i < 35; i++) stacks.add("s" + i);
        Theme theme = new Theme(stacks);
        Set<String> pairs = new HashSet<>();
        for (String s : stacks) pairs.add(theme.color(s).getRGB() + "/" + theme.marker(s).getClass().getSimpleName());
        assertEquals(35, pairs.size());
    }

    /** STYLE: a colour and a marker per stack; the seven stacks of the pilot (rust and java-jdk among them) and up to twelve. */
    @Test
    void theFirstTwelveStacksGetTwelveShapes() {
        List<String> stacks = new ArrayList<>();
        for (int i = 0; i < 13; i++) stacks.add("s" + i);
        Theme theme = new Theme(stacks);
        Set<org.knowm.xchart.style.markers.Marker> shapes = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        Set<String> kinds = new HashSet<>();
        for (String s : stacks.subList(0, 12)) {
            shapes.add(theme.marker(s));
            kinds.add(theme.marker(s).getClass().getSimpleName() + ":" + theme.marker(s));
        }
        assertEquals(12, shapes.size());
        assertEquals(12, kinds.size());
        // the pilot's order: go, rust, python, python-1w, node, java, java-jdk
        Theme pilot = new Theme(List.of("go", "rust", "python", "python-1w", "node", "java", "java-jdk"));
        assertNotEquals(pilot.marker("rust"), pilot.marker("java-jdk"));
    }

    /** outputs.md v4: no two stacks of a figure share a colour, however many stacks it draws. */
    @Test
    void everyStackOfAThousandHasAColourOfItsOwnAndTheFirstFourteenAreTheNamedOnes() {
        List<String> stacks = new ArrayList<>();
        for (int i = 0; i < 1000; i++) stacks.add("s" + i);
        Theme theme = new Theme(stacks);
        Set<Integer> rgb = new HashSet<>();
        for (String s : stacks) assertTrue(rgb.add(theme.color(s).getRGB()), s + " shares a colour");
        for (int i = 0; i < Theme.PALETTE.size(); i++) assertEquals(Theme.PALETTE.get(i), theme.color("s" + i));
        assertEquals(14, Theme.PALETTE.size());
        // every colour reads on white: not lighter than the Okabe-Ito yellow
        for (String s : stacks) {
            Color c = theme.color(s);
            double grey = 0.299 * c.getRed() + 0.587 * c.getGreen() + 0.114 * c.getBlue();
            assertTrue(grey < 215, s + " is too light: " + c);
        }
    }

    /**
     * An open marker has its filled marker's shape and place: drawn over it (as the sweep draws a
     * median of few runs over its line's marker), it leaves none of the filled one showing, and its
     * middle is white.
     */
    @Test
    void anOpenMarkerCoversTheFilledMarkerOfItsStackAndIsWhiteInside() {
        List<String> stacks = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l");
        Theme theme = new Theme(stacks);
        Set<String> shapes = new HashSet<>();
        for (String s : stacks) {
            shapes.add(theme.marker(s).getClass().getSimpleName() + (theme.marker(s) instanceof ShapeMarker m ? ":" + m : ""));
            assertEquals(theme.marker(s), theme.openMarker(s).filled());
            java.awt.image.BufferedImage filled = image();
            java.awt.image.BufferedImage both = image();
            java.awt.Graphics2D g = filled.createGraphics();
            g.setColor(Color.RED);
            theme.marker(s).paint(g, 20, 20, Theme.MARKER_SIZE);
            g.dispose();
            g = both.createGraphics();
            g.setColor(Color.RED);
            theme.marker(s).paint(g, 20, 20, Theme.MARKER_SIZE);
            g.setColor(Color.BLUE);
            theme.openMarker(s).paint(g, 20, 20, Theme.MARKER_SIZE);
            g.dispose();
            int red = 0;
            for (int x = 0; x < 40; x++) {
                for (int y = 0; y < 40; y++) {
                    if (filled.getRGB(x, y) == Color.RED.getRGB()) {
                        red++;
                        assertNotEquals(Color.RED.getRGB(), both.getRGB(x, y), s + " at " + x + "," + y);
                    }
                }
            }
            assertTrue(red > 20, s + ": the filled marker paints something");
            assertEquals(Color.WHITE.getRGB(), both.getRGB(20, 20), s + ": open inside");
        }
        assertEquals(12, shapes.size(), "every marker shape of the theme checked");
    }

    private static java.awt.image.BufferedImage image() {
        java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(40, 40, java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = img.createGraphics();
        g.setColor(Color.GRAY);
        g.fillRect(0, 0, 40, 40);
        g.dispose();
        return img;
    }

    @Test
    void chartsAreWhiteWithTheFixedFontAndLocale() {
        assertTrue(Arrays.asList(GraphicsEnvironment.getLocalGraphicsEnvironment()
                .getAvailableFontFamilyNames(Locale.ROOT)).contains(Theme.FONT_FAMILY));
        XYChart c = new Theme(List.of("go")).chart(800, 600, "t", "x (s)", "y (MiB)");
        assertEquals(Color.WHITE, c.getStyler().getChartBackgroundColor());
        assertEquals(Color.WHITE, c.getStyler().getPlotBackgroundColor());
        assertEquals(Theme.FONT_FAMILY, c.getStyler().getChartTitleFont().getFamily(Locale.ROOT));
        assertEquals(Theme.FONT_FAMILY, c.getStyler().getAxisTickLabelsFont().getFamily(Locale.ROOT));
        assertEquals(Locale.ROOT, c.getStyler().getLocale());
    }
}
