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
