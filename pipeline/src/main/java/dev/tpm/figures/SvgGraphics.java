package dev.tpm.figures;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Composite;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.GraphicsConfiguration;
import java.awt.Image;
import java.awt.Paint;
import java.awt.Polygon;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.font.FontRenderContext;
import java.awt.font.GlyphVector;
import java.awt.geom.AffineTransform;
import java.awt.geom.Arc2D;
import java.awt.geom.Area;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.NoninvertibleTransformException;
import java.awt.geom.Path2D;
import java.awt.geom.PathIterator;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.BufferedImageOp;
import java.awt.image.ImageObserver;
import java.awt.image.RenderedImage;
import java.awt.image.renderable.RenderableImage;
import java.text.AttributedCharacterIterator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A {@code Graphics2D} that writes an SVG document as it is painted on: each shape becomes an
 * element appended to a {@code StringBuilder}, its numbers written by {@link SvgNumber} (1/100 px,
 * half-even), with no document tree, serialiser or number format in between.
 *
 * <p>What it writes, for a viewer to draw what Java2D draws:
 * <ul>
 *   <li>a line, a rectangle (rounded or not) and an ellipse as {@code <line>}, {@code <rect>} and
 *       {@code <ellipse>}, any other shape as a {@code <path>} (a shape with no segments not at
 *       all), filled ({@code fill}, {@code fill-opacity}, {@code stroke:none}) or drawn
 *       ({@code stroke}, its opacity, and a {@code BasicStroke}'s width, miter limit, cap, join
 *       and dashes where they differ from SVG's defaults), in the colour set last;
 *   <li>consecutive elements of one transform and clip in one group: {@code <g>} with
 *       {@code transform} (a translation, a translation and a turn in degrees, or a matrix) and
 *       {@code clip-path}, a reference to a {@code <clipPath>} in {@code <defs>} holding the clip
 *       in the group's coordinates; clip paths of the same shape are written once, their ids
 *       {@code clip1}, {@code clip2}, ... in order of first use; elements painted with no
 *       transform and no clip before any other are children of the root;
 *   <li>a filled shape that is the outline of a string laid out in a theme font
 *       ({@link SvgText.Recorder}) as that string: a {@code <text>} at the outline's origin, in a
 *       group moved and turned as the outline was, its style naming the font's family with the
 *       generic fallback, its size in px, its weight and slant, and no kerning or ligatures (as
 *       Java2D laid it out), with {@code xml:space="preserve"};
 *   <li>the root {@code <svg>} of the figure's size, whose first children are {@code <title>} and
 *       {@code <desc>}.
 * </ul>
 *
 * <p>Text is laid out in {@link #FRC} (not antialiased, fractional metrics), so XChart places its
 * labels as it did when the SVGs were written by VectorGraphics2D, which reported the same
 * context. Images, XOR mode and attributed strings are not supported: no figure paints them.
 *
 * <p>Deterministic: the output depends only on the calls made, never on hash codes or the clock.
 */
final class SvgGraphics extends Graphics2D {
    /** The render context reported to the code painting: text laid out with fractional metrics. */
    static final FontRenderContext FRC = new FontRenderContext(null, false, true);

    private static final BasicStroke DEFAULT_STROKE = new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, null, 0f);
    private static final Font DEFAULT_FONT = new Font(Font.DIALOG, Font.PLAIN, 12);
    private static final String[] CAPS = {"butt", "round", "square"};
    private static final String[] JOINS = {"miter", "round", "bevel"};

    /** The document being written, shared by a graphics and every graphics created from it. */
    private static final class Document {
        final int width;
        final int height;
        final SvgText.Recorder recorder;
        final StringBuilder defs = new StringBuilder(1 << 12);
        final StringBuilder body = new StringBuilder(1 << 16);
        /** Clip ids by the text of the clip's element. */
        final Map<String, Integer> clipIds = new HashMap<>();
        /** Whether an element has been written into a group, and the open group's transform and clip. */
        boolean grouped;
        AffineTransform groupTransform;
        Shape groupClip;
        /** The stroke whose style was written last, and that style. */
        Stroke styledStroke;
        String strokeStyle;

        Document(int width, int height, SvgText.Recorder recorder) {
            this.width = width;
            this.height = height;
            this.recorder = recorder;
        }
    }

    private final Document doc;
    private AffineTransform transform;
    /** The clip in device space, null for none. */
    private Shape clip;
    private Color color;
    private Paint paint;
    private Stroke stroke;
    private Font font;
    private Color background;
    private Composite composite;
    private RenderingHints hints;

    /**
     * An SVG of this size. With a recorder, a filled shape that is the outline of a string it noted
     * is written as that string; without one, every shape is written as a shape.
     */
    SvgGraphics(int width, int height, SvgText.Recorder recorder) {
        doc = new Document(width, height, recorder);
        transform = new AffineTransform();
        color = Color.BLACK;
        paint = color;
        stroke = DEFAULT_STROKE;
        font = DEFAULT_FONT;
        background = Color.WHITE;
        hints = new RenderingHints(null);
    }

    private SvgGraphics(SvgGraphics g) {
        doc = g.doc;
        transform = new AffineTransform(g.transform);
        clip = g.clip;
        color = g.color;
        paint = g.paint;
        stroke = g.stroke;
        font = g.font;
        background = g.background;
        composite = g.composite;
        hints = (RenderingHints) g.hints.clone();
    }

    /** The SVG document: root, title, description, clip paths, and every element painted so far. */
    String document(String title, List<String> description) {
        StringBuilder out = new StringBuilder(doc.body.length() + doc.defs.length() + 1024);
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n")
                .append("<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n")
                .append("<svg xmlns:xlink=\"http://www.w3.org/1999/xlink\" height=\"").append(doc.height)
                .append("px\" version=\"1.1\" viewBox=\"0 0 ").append(doc.width).append(' ').append(doc.height)
                .append("\" width=\"").append(doc.width).append("px\" x=\"0px\" y=\"0px\" xmlns=\"http://www.w3.org/2000/svg\">\n");
        out.append("  <title>");
        escape(out, title);
        out.append("</title>\n  <desc>");
        escape(out, String.join("\n", description));
        out.append("</desc>\n");
        if (!doc.defs.isEmpty()) out.append("  <defs>\n").append(doc.defs).append("  </defs>\n");
        out.append(doc.body);
        if (doc.grouped) out.append("  </g>\n");
        return out.append("</svg>\n").toString();
    }

    // ---- elements

    @Override
    public void fill(Shape s) {
        if (s == null) return;
        if (doc.recorder != null) {
            SvgText.Placement m = doc.recorder.find(s);
            if (m != null) {
                AffineTransform saved = transform;
                transform = new AffineTransform(saved);
                transform.concatenate(m.transform());
                text(m.text(), m.font(), 0, 0);
                transform = saved;
                return;
            }
        }
        shape(s, true);
    }

    @Override
    public void draw(Shape s) {
        if (s != null) shape(s, false);
    }

    private void shape(Shape s, boolean filled) {
        if (s instanceof Line2D l) {
            StringBuilder b = open().append("<line");
            style(b, filled);
            num(b, " x1=\"", l.getX1());
            num(b, " x2=\"", l.getX2());
            num(b, " y1=\"", l.getY1());
            num(b, " y2=\"", l.getY2());
            b.append("/>\n");
        } else if (s instanceof Rectangle2D r) {
            StringBuilder b = open().append("<rect");
            num(b, " height=\"", r.getHeight());
            style(b, filled);
            num(b, " width=\"", r.getWidth());
            num(b, " x=\"", r.getX());
            num(b, " y=\"", r.getY());
            b.append("/>\n");
        } else if (s instanceof RoundRectangle2D r) {
            StringBuilder b = open().append("<rect");
            num(b, " height=\"", r.getHeight());
            num(b, " rx=\"", r.getArcWidth() / 2);
            num(b, " ry=\"", r.getArcHeight() / 2);
            style(b, filled);
            num(b, " width=\"", r.getWidth());
            num(b, " x=\"", r.getX());
            num(b, " y=\"", r.getY());
            b.append("/>\n");
        } else if (s instanceof Ellipse2D e) {
            StringBuilder b = open().append("<ellipse");
            num(b, " cx=\"", e.getCenterX());
            num(b, " cy=\"", e.getCenterY());
            num(b, " rx=\"", e.getWidth() / 2);
            num(b, " ry=\"", e.getHeight() / 2);
            style(b, filled);
            b.append("/>\n");
        } else {
            PathIterator it = s.getPathIterator(null);
            if (it.isDone()) return; // nothing to draw: a blank's outline
            StringBuilder b = open().append("<path d=\"");
            path(b, it);
            b.append('"');
            style(b, filled);
            b.append("/>\n");
        }
    }

    /** A shape as the element {@link #shape} writes, without style: a clip path's content. */
    private static String element(Shape s) {
        StringBuilder b = new StringBuilder(64);
        if (s instanceof Rectangle2D r) {
            b.append("<rect");
            num(b, " height=\"", r.getHeight());
            num(b, " width=\"", r.getWidth());
            num(b, " x=\"", r.getX());
            num(b, " y=\"", r.getY());
        } else {
            b.append("<path d=\"");
            path(b, s.getPathIterator(null));
            b.append('"');
        }
        return b.append("/>").toString();
    }

    private static void path(StringBuilder b, PathIterator it) {
        double[] c = new double[6];
        boolean first = true;
        for (; !it.isDone(); it.next()) {
            if (!first) b.append(' ');
            first = false;
            switch (it.currentSegment(c)) {
                case PathIterator.SEG_MOVETO -> point(b.append('M'), c, 0);
                case PathIterator.SEG_LINETO -> point(b.append('L'), c, 0);
                case PathIterator.SEG_QUADTO -> point(point(b.append('Q'), c, 0).append(' '), c, 2);
                case PathIterator.SEG_CUBICTO -> point(point(point(b.append('C'), c, 0).append(' '), c, 2).append(' '), c, 4);
                case PathIterator.SEG_CLOSE -> b.append('Z');
                default -> throw new IllegalStateException("unknown path segment");
            }
        }
    }

    private static StringBuilder point(StringBuilder b, double[] c, int i) {
        SvgNumber.append(b, c[i]).append(',');
        return SvgNumber.append(b, c[i + 1]);
    }

    private static void num(StringBuilder b, String attribute, double v) {
        SvgNumber.append(b.append(attribute), v).append('"');
    }

    /** A float (a stroke's width, a font's size) rounded as its shortest decimal is. */
    private static StringBuilder appendFloat(StringBuilder b, float f) {
        return SvgNumber.append(b, Double.parseDouble(Float.toString(f)));
    }

    private void style(StringBuilder b, boolean filled) {
        b.append(" style=\"");
        if (filled) {
            rgb(b.append("fill:"), color).append(';');
            if (color.getAlpha() < 255) SvgNumber.append(b.append("fill-opacity:"), color.getAlpha() / 255.0).append(';');
            b.append("stroke:none;");
        } else {
            rgb(b.append("fill:none;stroke:"), color).append(';');
            if (color.getAlpha() < 255) SvgNumber.append(b.append("stroke-opacity:"), color.getAlpha() / 255.0).append(';');
            b.append(strokeStyle());
        }
        b.append('"');
    }

    /** The stroke's width, miter limit, cap, join and dashes where they differ from SVG's defaults. */
    private String strokeStyle() {
        if (stroke == doc.styledStroke) return doc.strokeStyle;
        StringBuilder b = new StringBuilder(64);
        if (stroke instanceof BasicStroke bs) {
            if (bs.getLineWidth() != 1f) appendFloat(b.append("stroke-width:"), bs.getLineWidth()).append(';');
            if (bs.getMiterLimit() != 4f) appendFloat(b.append("stroke-miterlimit:"), bs.getMiterLimit()).append(';');
            if (bs.getEndCap() != BasicStroke.CAP_BUTT) b.append("stroke-linecap:").append(CAPS[bs.getEndCap()]).append(';');
            if (bs.getLineJoin() != BasicStroke.JOIN_MITER) b.append("stroke-linejoin:").append(JOINS[bs.getLineJoin()]).append(';');
            float[] dash = bs.getDashArray();
            if (dash != null) {
                b.append("stroke-dasharray:");
                for (int i = 0; i < dash.length; i++) appendFloat(i == 0 ? b : b.append(','), dash[i]);
                b.append(';');
                if (bs.getDashPhase() != 0f) appendFloat(b.append("stroke-dashoffset:"), bs.getDashPhase()).append(';');
            }
        }
        doc.styledStroke = stroke;
        doc.strokeStyle = b.toString();
        return doc.strokeStyle;
    }

    private static StringBuilder rgb(StringBuilder b, Color c) {
        return b.append("rgb(").append(c.getRed()).append(',').append(c.getGreen()).append(',').append(c.getBlue()).append(')');
    }

    /** A {@code <text>} of these words in this font at (x, y), in the current colour, transform and clip. */
    private void text(String words, Font f, double x, double y) {
        StringBuilder b = open().append("<text xml:space=\"preserve\" style=\"");
        rgb(b.append("fill:"), color).append(';');
        if (color.getAlpha() < 255) SvgNumber.append(b.append("fill-opacity:"), color.getAlpha() / 255.0).append(';');
        b.append("stroke:none;font-family:&quot;");
        escapeAttribute(b, f.getFamily(Locale.ROOT));
        b.append("&quot;, ").append(SvgText.FALLBACK_FAMILY).append(';');
        appendFloat(b.append("font-size:"), f.getSize2D()).append("px;");
        if (f.isItalic()) b.append("font-style:italic;");
        if (f.isBold()) b.append("font-weight:bold;");
        b.append("font-kerning:none;font-variant-ligatures:none;\"");
        num(b, " x=\"", x);
        num(b, " y=\"", y);
        b.append('>');
        escape(b, words);
        b.append("</text>\n");
    }

    /** Character data escaped for XML: ampersand and angle brackets. */
    static void escape(StringBuilder out, String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                default -> out.append(c);
            }
        }
    }

    /** An attribute's value (in double quotes) escaped for XML: quotes too. */
    private static void escapeAttribute(StringBuilder out, String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c == '"') {
                out.append("&quot;");
            } else {
                escape(out, String.valueOf(c));
            }
        }
    }

    // ---- groups and clip paths

    /**
     * The body, ready for an element of the current transform and clip, indented: at the root while
     * nothing has moved or clipped, else in the open group if it has this transform and clip, else
     * in a new group.
     */
    private StringBuilder open() {
        Document d = doc;
        StringBuilder b = d.body;
        if (!d.grouped && clip == null && transform.isIdentity()) return b.append("  ");
        if (d.grouped && transform.equals(d.groupTransform) && sameClip(clip, d.groupClip)) return b.append("    ");
        if (d.grouped) b.append("  </g>\n");
        b.append("  <g");
        if (clip != null) b.append(" clip-path=\"url(#clip").append(clipId()).append(")\"");
        if (!transform.isIdentity()) transform(b.append(" transform=\""), transform).append('"');
        b.append(">\n");
        d.grouped = true;
        d.groupTransform = new AffineTransform(transform);
        d.groupClip = clip;
        return b.append("    ");
    }

    private static boolean sameClip(Shape a, Shape b) {
        return a == b || (a instanceof Rectangle2D && a.equals(b));
    }

    /** The id of the current clip in the current transform's coordinates, its clip path added to defs if new. */
    private int clipId() {
        String element = element(untransform(clip, transform));
        Integer id = doc.clipIds.get(element);
        if (id == null) {
            id = doc.clipIds.size() + 1;
            doc.clipIds.put(element, id);
            doc.defs.append("    <clipPath id=\"clip").append(id).append("\">\n      ").append(element).append("\n    </clipPath>\n");
        }
        return id;
    }

    /**
     * A translation as {@code translate(x y)}; a turn and a translation as {@code translate(x y)
     * rotate(degrees)}, the degrees to 1/10,000 (a matrix's cosine and sine to 1/100 would make a
     * text turned 45 degrees 0.4 % too large); any other transform as {@code matrix(...)}.
     */
    static StringBuilder transform(StringBuilder b, AffineTransform t) {
        double[] m = new double[6];
        t.getMatrix(m);
        if ((t.getType() & ~AffineTransform.TYPE_TRANSLATION) == 0) {
            SvgNumber.append(b.append("translate("), m[4]).append(' ');
            return SvgNumber.append(b, m[5]).append(')');
        }
        boolean rotation = Math.abs(m[0] - m[3]) < 1e-9 && Math.abs(m[1] + m[2]) < 1e-9 && Math.abs(m[0] * m[0] + m[1] * m[1] - 1) < 1e-9;
        if (rotation) {
            SvgNumber.append(b.append("translate("), m[4]).append(' ');
            SvgNumber.append(b, m[5]).append(") rotate(");
            return SvgNumber.append(b, Math.toDegrees(Math.atan2(m[1], m[0])), 4).append(')');
        }
        b.append("matrix(");
        for (int i = 0; i < 6; i++) SvgNumber.append(i == 0 ? b : b.append(' '), m[i]);
        return b.append(')');
    }

    /** The shape moved by t: a rectangle stays one under a transform that keeps rectangles upright. */
    private static Shape transformShape(Shape s, AffineTransform t) {
        if (s == null) return null;
        if (t.isIdentity()) return s instanceof Rectangle2D r ? (Rectangle2D) r.clone() : new Path2D.Double(s);
        boolean upright = (t.getType() & (AffineTransform.TYPE_GENERAL_ROTATION | AffineTransform.TYPE_GENERAL_TRANSFORM)) == 0;
        if (s instanceof Rectangle2D r && upright) {
            double[] p = {r.getMinX(), r.getMinY(), r.getMaxX(), r.getMaxY()};
            t.transform(p, 0, p, 0, 2);
            Rectangle2D out = new Rectangle2D.Double();
            out.setFrameFromDiagonal(p[0], p[1], p[2], p[3]);
            return out;
        }
        return t.createTransformedShape(s);
    }

    private static Shape untransform(Shape s, AffineTransform t) {
        if (s == null) return null;
        try {
            return transformShape(s, t.createInverse());
        } catch (NoninvertibleTransformException e) {
            throw new IllegalStateException("a transform without an inverse: " + t, e);
        }
    }

    // ---- state

    @Override
    public Graphics create() {
        return new SvgGraphics(this);
    }

    @Override
    public void dispose() {}

    @Override
    public Color getColor() {
        return color;
    }

    @Override
    public void setColor(Color c) {
        if (c == null) return;
        color = c;
        paint = c;
    }

    @Override
    public Paint getPaint() {
        return paint;
    }

    /** A colour paints as that colour; another paint is kept for {@link #getPaint} but paints in the colour set last. */
    @Override
    public void setPaint(Paint p) {
        if (p instanceof Color c) {
            setColor(c);
        } else if (p != null) {
            paint = p;
        }
    }

    @Override
    public Stroke getStroke() {
        return stroke;
    }

    @Override
    public void setStroke(Stroke s) {
        if (s != null) stroke = s;
    }

    @Override
    public Font getFont() {
        return font;
    }

    @Override
    public void setFont(Font f) {
        if (f != null) font = f;
    }

    @Override
    public Color getBackground() {
        return background;
    }

    @Override
    public void setBackground(Color c) {
        background = c;
    }

    @Override
    public Composite getComposite() {
        return composite;
    }

    @Override
    public void setComposite(Composite c) {
        composite = c;
    }

    @Override
    public FontRenderContext getFontRenderContext() {
        return FRC;
    }

    @Override
    public FontMetrics getFontMetrics(Font f) {
        BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics g = scratch.getGraphics();
        try {
            return g.getFontMetrics(f);
        } finally {
            g.dispose();
        }
    }

    @Override
    public GraphicsConfiguration getDeviceConfiguration() {
        return null;
    }

    /** Antialiasing off and fractional metrics on, as {@link #FRC} lays text out; any other hint as set. */
    @Override
    public Object getRenderingHint(RenderingHints.Key key) {
        if (RenderingHints.KEY_ANTIALIASING.equals(key)) return RenderingHints.VALUE_ANTIALIAS_OFF;
        if (RenderingHints.KEY_TEXT_ANTIALIASING.equals(key)) return RenderingHints.VALUE_TEXT_ANTIALIAS_OFF;
        if (RenderingHints.KEY_FRACTIONALMETRICS.equals(key)) return RenderingHints.VALUE_FRACTIONALMETRICS_ON;
        return hints.get(key);
    }

    @Override
    public void setRenderingHint(RenderingHints.Key key, Object value) {
        hints.put(key, value);
    }

    @Override
    public void setRenderingHints(Map<?, ?> h) {
        hints = new RenderingHints(null);
        hints.putAll(h);
    }

    @Override
    public void addRenderingHints(Map<?, ?> h) {
        hints.putAll(h);
    }

    @Override
    public RenderingHints getRenderingHints() {
        return (RenderingHints) hints.clone();
    }

    // ---- transform

    @Override
    public AffineTransform getTransform() {
        return new AffineTransform(transform);
    }

    @Override
    public void setTransform(AffineTransform t) {
        transform = new AffineTransform(t);
    }

    @Override
    public void transform(AffineTransform t) {
        transform.concatenate(t);
    }

    @Override
    public void translate(int x, int y) {
        transform.translate(x, y);
    }

    @Override
    public void translate(double x, double y) {
        transform.translate(x, y);
    }

    @Override
    public void rotate(double theta) {
        transform.rotate(theta);
    }

    @Override
    public void rotate(double theta, double x, double y) {
        transform.rotate(theta, x, y);
    }

    @Override
    public void scale(double sx, double sy) {
        transform.scale(sx, sy);
    }

    @Override
    public void shear(double shx, double shy) {
        transform.shear(shx, shy);
    }

    // ---- clip

    @Override
    public Shape getClip() {
        return untransform(clip, transform);
    }

    @Override
    public Rectangle getClipBounds() {
        Shape c = getClip();
        return c == null ? null : c.getBounds();
    }

    @Override
    public void setClip(Shape s) {
        clip = transformShape(s, transform);
    }

    @Override
    public void setClip(int x, int y, int width, int height) {
        setClip(new Rectangle2D.Double(x, y, width, height));
    }

    /** The clip intersected with s, in user space: two rectangles give a rectangle, anything else an area. */
    @Override
    public void clip(Shape s) {
        Shape current = getClip();
        if (current == null || s == null) {
            setClip(s == null ? current : s);
            return;
        }
        if (s instanceof Rectangle2D a && current instanceof Rectangle2D b) {
            double x0 = Math.max(a.getMinX(), b.getMinX());
            double y0 = Math.max(a.getMinY(), b.getMinY());
            double x1 = Math.min(a.getMaxX(), b.getMaxX());
            double y1 = Math.min(a.getMaxY(), b.getMaxY());
            Rectangle2D r = new Rectangle2D.Double();
            if (x1 < x0 || y1 < y0) {
                r.setFrameFromDiagonal(0, 0, 0, 0);
            } else {
                r.setFrameFromDiagonal(x0, y0, x1, y1);
            }
            setClip(r);
            return;
        }
        Area area = new Area(s);
        area.intersect(new Area(current));
        setClip(area);
    }

    @Override
    public void clipRect(int x, int y, int width, int height) {
        clip(new Rectangle2D.Double(x, y, width, height));
    }

    @Override
    public boolean hit(Rectangle rect, Shape s, boolean onStroke) {
        Shape shape = onStroke ? stroke.createStrokedShape(s) : s;
        return transform.createTransformedShape(shape).intersects(rect);
    }

    // ---- shapes by their coordinates

    @Override
    public void drawLine(int x1, int y1, int x2, int y2) {
        draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void fillRect(int x, int y, int width, int height) {
        fill(new Rectangle2D.Double(x, y, width, height));
    }

    @Override
    public void drawRect(int x, int y, int width, int height) {
        draw(new Rectangle2D.Double(x, y, width, height));
    }

    @Override
    public void clearRect(int x, int y, int width, int height) {
        Color c = color;
        setColor(background);
        fillRect(x, y, width, height);
        setColor(c);
    }

    @Override
    public void drawRoundRect(int x, int y, int width, int height, int arcWidth, int arcHeight) {
        draw(new RoundRectangle2D.Double(x, y, width, height, arcWidth, arcHeight));
    }

    @Override
    public void fillRoundRect(int x, int y, int width, int height, int arcWidth, int arcHeight) {
        fill(new RoundRectangle2D.Double(x, y, width, height, arcWidth, arcHeight));
    }

    @Override
    public void drawOval(int x, int y, int width, int height) {
        draw(new Ellipse2D.Double(x, y, width, height));
    }

    @Override
    public void fillOval(int x, int y, int width, int height) {
        fill(new Ellipse2D.Double(x, y, width, height));
    }

    @Override
    public void drawArc(int x, int y, int width, int height, int startAngle, int arcAngle) {
        draw(new Arc2D.Double(x, y, width, height, startAngle, arcAngle, Arc2D.OPEN));
    }

    @Override
    public void fillArc(int x, int y, int width, int height, int startAngle, int arcAngle) {
        fill(new Arc2D.Double(x, y, width, height, startAngle, arcAngle, Arc2D.PIE));
    }

    @Override
    public void drawPolyline(int[] xs, int[] ys, int n) {
        if (n <= 0) return;
        Path2D p = new Path2D.Double();
        p.moveTo(xs[0], ys[0]);
        for (int i = 1; i < n; i++) p.lineTo(xs[i], ys[i]);
        draw(p);
    }

    @Override
    public void drawPolygon(int[] xs, int[] ys, int n) {
        draw(new Polygon(xs, ys, n));
    }

    @Override
    public void fillPolygon(int[] xs, int[] ys, int n) {
        fill(new Polygon(xs, ys, n));
    }

    // ---- text

    @Override
    public void drawString(String str, int x, int y) {
        drawString(str, (float) x, (float) y);
    }

    @Override
    public void drawString(String str, float x, float y) {
        Objects.requireNonNull(str);
        text(str, font, x, y);
    }

    @Override
    public void drawGlyphVector(GlyphVector g, float x, float y) {
        fill(g.getOutline(x, y));
    }

    @Override
    public void drawString(AttributedCharacterIterator iterator, int x, int y) {
        throw unsupported("attributed strings");
    }

    @Override
    public void drawString(AttributedCharacterIterator iterator, float x, float y) {
        throw unsupported("attributed strings");
    }

    // ---- what no figure paints

    private static UnsupportedOperationException unsupported(String what) {
        return new UnsupportedOperationException("an SVG figure has no " + what);
    }

    @Override
    public void setPaintMode() {}

    @Override
    public void setXORMode(Color c) {
        throw unsupported("XOR mode");
    }

    @Override
    public void copyArea(int x, int y, int width, int height, int dx, int dy) {
        throw unsupported("copied areas");
    }

    @Override
    public boolean drawImage(Image img, AffineTransform xform, ImageObserver obs) {
        throw unsupported("images");
    }

    @Override
    public void drawImage(BufferedImage img, BufferedImageOp op, int x, int y) {
        throw unsupported("images");
    }

    @Override
    public void drawRenderedImage(RenderedImage img, AffineTransform xform) {
        throw unsupported("images");
    }

    @Override
    public void drawRenderableImage(RenderableImage img, AffineTransform xform) {
        throw unsupported("images");
    }

    @Override
    public boolean drawImage(Image img, int x, int y, ImageObserver observer) {
        throw unsupported("images");
    }

    @Override
    public boolean drawImage(Image img, int x, int y, int width, int height, ImageObserver observer) {
        throw unsupported("images");
    }

    @Override
    public boolean drawImage(Image img, int x, int y, Color bgcolor, ImageObserver observer) {
        throw unsupported("images");
    }

    @Override
    public boolean drawImage(Image img, int x, int y, int width, int height, Color bgcolor, ImageObserver observer) {
        throw unsupported("images");
    }

    @Override
    public boolean drawImage(Image img, int dx1, int dy1, int dx2, int dy2, int sx1, int sy1, int sx2, int sy2, ImageObserver observer) {
        throw unsupported("images");
    }

    @Override
    public boolean drawImage(Image img, int dx1, int dy1, int dx2, int dy2, int sx1, int sy1, int sx2, int sy2, Color bgcolor,
            ImageObserver observer) {
        throw unsupported("images");
    }
}
