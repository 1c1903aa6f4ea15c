package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** What SvgGraphics writes for a small drawing, element for element. */
class SvgGraphicsTest {
    /**
     * A background, a clipped and moved panel with a dashed line, a translucent circle and a path
     * of every segment type, a word drawn as a string, a turned panel, and the first panel's clip
     * again: groups only where the transform or clip changes, clip ids in order of first use, a
     * clip written once, coordinates to 1/100 (20.005 is a tie, written 20).
     */
    @Test
    void aSmallDrawing() {
        SvgGraphics g = new SvgGraphics(200, 100, null);
        g.setColor(Color.WHITE);
        g.fill(new Rectangle2D.Double(0, 0, 200, 100));

        Graphics2D p = (Graphics2D) g.create();
        p.translate(10, 20.005);
        p.clip(new Rectangle2D.Double(0, 0, 50, 40));
        p.setColor(new Color(0, 114, 178));
        p.setStroke(new BasicStroke(2.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_BEVEL, 10f, new float[] {1.5f, 3f}, 0.5f));
        p.draw(new Line2D.Double(0, 0, 1 / 3.0, -0.004));
        p.setColor(new Color(230, 159, 0, 110));
        p.fill(new Ellipse2D.Double(1, 1, 10, 10));
        Path2D path = new Path2D.Double();
        path.moveTo(0, 0);
        path.lineTo(10.125, 0);
        path.quadTo(5, 5, 0, 10);
        path.curveTo(1, 2, 3, 4, 5.555, 6);
        path.closePath();
        p.setColor(Color.BLACK);
        p.fill(path);
        p.fill(new Path2D.Double()); // empty: nothing written
        p.dispose();

        g.setColor(Color.BLACK);
        g.setFont(new Font("DejaVu Sans", Font.ITALIC, 13));
        g.drawString("a < b & \"c\"", 5f, 90.5f);

        Graphics2D r = (Graphics2D) g.create();
        r.translate(100, 50);
        r.rotate(-Math.PI / 2);
        r.clip(new Rectangle2D.Double(0, 0, 30, 20));
        r.fill(new Rectangle2D.Double(0, 0, 5, 5));
        r.dispose();

        Graphics2D q = (Graphics2D) g.create();
        q.translate(10, 20.005);
        q.clip(new Rectangle2D.Double(0, 0, 50, 40));
        q.draw(new Rectangle2D.Double(1, 1, 2, 2));
        q.dispose();

        String expected = """
                <?xml version="1.0" encoding="UTF-8" standalone="no"?>
                <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
                <svg xmlns:xlink="http://www.w3.org/1999/xlink" height="100px" version="1.1" viewBox="0 0 200 100" width="200px" x="0px" y="0px" xmlns="http://www.w3.org/2000/svg">
                  <title>A &amp; B</title>
                  <desc>one
                two &lt;3&gt;</desc>
                  <defs>
                    <clipPath id="clip1">
                      <rect height="40" width="50" x="0" y="0"/>
                    </clipPath>
                    <clipPath id="clip2">
                      <rect height="20" width="30" x="0" y="0"/>
                    </clipPath>
                  </defs>
                  <rect height="100" style="fill:rgb(255,255,255);stroke:none;" width="200" x="0" y="0"/>
                  <g clip-path="url(#clip1)" transform="translate(10 20)">
                    <line style="fill:none;stroke:rgb(0,114,178);stroke-width:2.2;stroke-miterlimit:10;stroke-linecap:round;stroke-linejoin:bevel;stroke-dasharray:1.5,3;stroke-dashoffset:0.5;" x1="0" x2="0.33" y1="0" y2="0"/>
                    <ellipse cx="6" cy="6" rx="5" ry="5" style="fill:rgb(230,159,0);fill-opacity:0.43;stroke:none;"/>
                    <path d="M0,0 L10.12,0 Q5,5 0,10 C1,2 3,4 5.56,6 Z" style="fill:rgb(0,0,0);stroke:none;"/>
                  </g>
                  <g>
                    <text xml:space="preserve" style="fill:rgb(0,0,0);stroke:none;font-family:&quot;DejaVu Sans&quot;, sans-serif;font-size:13px;font-style:italic;font-kerning:none;font-variant-ligatures:none;" x="5" y="90.5">a &lt; b &amp; "c"</text>
                  </g>
                  <g clip-path="url(#clip2)" transform="translate(100 50) rotate(-90)">
                    <rect height="5" style="fill:rgb(0,0,0);stroke:none;" width="5" x="0" y="0"/>
                  </g>
                  <g clip-path="url(#clip1)" transform="translate(10 20)">
                    <rect height="2" style="fill:none;stroke:rgb(0,0,0);stroke-miterlimit:10;" width="2" x="1" y="1"/>
                  </g>
                </svg>
                """;
        assertEquals(expected, g.document("A & B", List.of("one", "two <3>")));
    }

    /** Ids 1, 2, 3 in order of first use, whatever the clips' shapes or hash codes; the same clip in the same place, the same id. */
    @Test
    void clipIdsAreNumberedInOrderOfFirstUse() {
        SvgGraphics g = new SvgGraphics(100, 100, null);
        double[][] clips = {{5, 5, 10, 10}, {0, 0, 50, 50}, {5, 5, 10, 10}, {1, 2, 3, 4}, {0, 0, 50, 50}};
        for (double[] c : clips) {
            Graphics2D h = (Graphics2D) g.create();
            h.clip(new Rectangle2D.Double(c[0], c[1], c[2], c[3]));
            h.fill(new Rectangle2D.Double(0, 0, 1, 1));
            h.dispose();
        }
        Graphics2D turned = (Graphics2D) g.create();
        turned.rotate(Math.PI / 4);
        turned.clip(new Ellipse2D.Double(0, 0, 9, 9));
        turned.fill(new Rectangle2D.Double(0, 0, 1, 1));
        turned.dispose();
        String svg = g.document("t", List.of());
        Matcher defined = Pattern.compile("<clipPath id=\"clip(\\d+)\">").matcher(svg);
        Matcher used = Pattern.compile("url\\(#clip(\\d+)\\)").matcher(svg);
        StringBuilder ids = new StringBuilder();
        while (defined.find()) ids.append(defined.group(1));
        ids.append('/');
        while (used.find()) ids.append(used.group(1));
        assertEquals("1234/121324", ids.toString());
        assertEquals(1, svg.split("<rect height=\"10\" width=\"10\" x=\"5\" y=\"5\"/>", -1).length - 1, "a clip written once");
    }

    @Test
    void imagesAreRefused() {
        SvgGraphics g = new SvgGraphics(10, 10, null);
        assertThrows(UnsupportedOperationException.class, () -> g.drawImage(new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB), 0, 0, null));
    }
}
