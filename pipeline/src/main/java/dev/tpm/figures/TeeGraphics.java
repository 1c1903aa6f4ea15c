package dev.tpm.figures;

import java.awt.Color;
import java.awt.Composite;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.GraphicsConfiguration;
import java.awt.Image;
import java.awt.Paint;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.font.FontRenderContext;
import java.awt.font.GlyphVector;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.awt.image.BufferedImageOp;
import java.awt.image.ImageObserver;
import java.awt.image.RenderedImage;
import java.awt.image.renderable.RenderableImage;
import java.text.AttributedCharacterIterator;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * One painting of a figure for both its files: every call goes to the PNG's raster graphics and
 * to the SVG's {@link SvgGraphics}, in the same order, with the same arguments.
 *
 * <p>The PNG's bytes are what they would be had it been painted alone: the raster graphics receives
 * exactly the calls it would receive alone, because whatever the code painting reads back (the
 * render context that lays its text out, rendering hints, the transform and clip it saves and
 * restores, font metrics) is the raster graphics' own answer. The PNG's graphics is scaled to the
 * PNG's size before painting starts and the SVG's is not, so a transform read back here (the PNG's)
 * and set again is given to the SVG as the SVG's own transform at the time it was read;
 * FigureWriterTest compares the PNG with one painted alone, byte for byte.
 *
 * <p>The SVG is painted with the PNG's layout: XChart lays text out in the PNG's render context
 * (antialiased, scaled) rather than in the SVG's, so a label lies in the SVG where it lies in the
 * PNG.
 */
final class TeeGraphics extends Graphics2D {
    private final Graphics2D png;
    private final Graphics2D svg;
    /** PNG pixels per SVG pixel: the scale the PNG's graphics was given before painting started. */
    private final double scale;
    /** Transforms handed out by {@link #getTransform}: each with the PNG's value then, and the SVG's. */
    private final Map<AffineTransform, AffineTransform[]> handedOut;

    /** Both graphics as painting starts: the PNG's scaled by {@code scale}, the SVG's not. */
    TeeGraphics(Graphics2D png, Graphics2D svg, double scale) {
        this(png, svg, scale, new IdentityHashMap<>());
    }

    private TeeGraphics(Graphics2D png, Graphics2D svg, double scale, Map<AffineTransform, AffineTransform[]> handedOut) {
        this.png = png;
        this.svg = svg;
        this.scale = scale;
        this.handedOut = handedOut;
    }

    @Override
    public Graphics create() {
        return new TeeGraphics((Graphics2D) png.create(), (Graphics2D) svg.create(), scale, handedOut);
    }

    @Override
    public void dispose() {
        png.dispose();
        svg.dispose();
    }

    // ---- what is read back: the PNG's answers

    @Override
    public AffineTransform getTransform() {
        AffineTransform t = png.getTransform();
        handedOut.put(t, new AffineTransform[] {new AffineTransform(t), svg.getTransform()});
        return t;
    }

    /**
     * The PNG gets t; the SVG, if t is a transform read back here and not changed since, its own
     * transform at that time, else t without the PNG's scale.
     */
    @Override
    public void setTransform(AffineTransform t) {
        png.setTransform(t);
        AffineTransform[] pair = handedOut.get(t);
        if (pair != null && pair[0].equals(t)) {
            svg.setTransform(pair[1]);
            return;
        }
        AffineTransform unscaled = AffineTransform.getScaleInstance(1 / scale, 1 / scale);
        unscaled.concatenate(t);
        svg.setTransform(unscaled);
    }

    @Override
    public Shape getClip() {
        return png.getClip();
    }

    @Override
    public Rectangle getClipBounds() {
        return png.getClipBounds();
    }

    @Override
    public FontRenderContext getFontRenderContext() {
        return png.getFontRenderContext();
    }

    @Override
    public FontMetrics getFontMetrics(Font f) {
        return png.getFontMetrics(f);
    }

    @Override
    public Object getRenderingHint(RenderingHints.Key key) {
        return png.getRenderingHint(key);
    }

    @Override
    public RenderingHints getRenderingHints() {
        return png.getRenderingHints();
    }

    @Override
    public GraphicsConfiguration getDeviceConfiguration() {
        return png.getDeviceConfiguration();
    }

    @Override
    public Color getColor() {
        return png.getColor();
    }

    @Override
    public Paint getPaint() {
        return png.getPaint();
    }

    @Override
    public Stroke getStroke() {
        return png.getStroke();
    }

    @Override
    public Font getFont() {
        return png.getFont();
    }

    @Override
    public Color getBackground() {
        return png.getBackground();
    }

    @Override
    public Composite getComposite() {
        return png.getComposite();
    }

    @Override
    public boolean hit(Rectangle rect, Shape s, boolean onStroke) {
        return png.hit(rect, s, onStroke);
    }

    // ---- state: both

    @Override
    public void setColor(Color c) {
        png.setColor(c);
        svg.setColor(c);
    }

    @Override
    public void setPaint(Paint p) {
        png.setPaint(p);
        svg.setPaint(p);
    }

    @Override
    public void setStroke(Stroke s) {
        png.setStroke(s);
        svg.setStroke(s);
    }

    @Override
    public void setFont(Font f) {
        png.setFont(f);
        svg.setFont(f);
    }

    @Override
    public void setBackground(Color c) {
        png.setBackground(c);
        svg.setBackground(c);
    }

    @Override
    public void setComposite(Composite c) {
        png.setComposite(c);
        svg.setComposite(c);
    }

    @Override
    public void setPaintMode() {
        png.setPaintMode();
        svg.setPaintMode();
    }

    @Override
    public void setXORMode(Color c) {
        png.setXORMode(c);
        svg.setXORMode(c);
    }

    @Override
    public void setRenderingHint(RenderingHints.Key key, Object value) {
        png.setRenderingHint(key, value);
        svg.setRenderingHint(key, value);
    }

    @Override
    public void setRenderingHints(Map<?, ?> hints) {
        png.setRenderingHints(hints);
        svg.setRenderingHints(hints);
    }

    @Override
    public void addRenderingHints(Map<?, ?> hints) {
        png.addRenderingHints(hints);
        svg.addRenderingHints(hints);
    }

    @Override
    public void transform(AffineTransform t) {
        png.transform(t);
        svg.transform(t);
    }

    @Override
    public void translate(int x, int y) {
        png.translate(x, y);
        svg.translate(x, y);
    }

    @Override
    public void translate(double x, double y) {
        png.translate(x, y);
        svg.translate(x, y);
    }

    @Override
    public void rotate(double theta) {
        png.rotate(theta);
        svg.rotate(theta);
    }

    @Override
    public void rotate(double theta, double x, double y) {
        png.rotate(theta, x, y);
        svg.rotate(theta, x, y);
    }

    @Override
    public void scale(double sx, double sy) {
        png.scale(sx, sy);
        svg.scale(sx, sy);
    }

    @Override
    public void shear(double shx, double shy) {
        png.shear(shx, shy);
        svg.shear(shx, shy);
    }

    @Override
    public void clip(Shape s) {
        png.clip(s);
        svg.clip(s);
    }

    @Override
    public void setClip(Shape s) {
        png.setClip(s);
        svg.setClip(s);
    }

    @Override
    public void setClip(int x, int y, int width, int height) {
        png.setClip(x, y, width, height);
        svg.setClip(x, y, width, height);
    }

    @Override
    public void clipRect(int x, int y, int width, int height) {
        png.clipRect(x, y, width, height);
        svg.clipRect(x, y, width, height);
    }

    // ---- painting: both

    @Override
    public void draw(Shape s) {
        png.draw(s);
        svg.draw(s);
    }

    @Override
    public void fill(Shape s) {
        png.fill(s);
        svg.fill(s);
    }

    @Override
    public void drawString(String str, int x, int y) {
        png.drawString(str, x, y);
        svg.drawString(str, x, y);
    }

    @Override
    public void drawString(String str, float x, float y) {
        png.drawString(str, x, y);
        svg.drawString(str, x, y);
    }

    @Override
    public void drawString(AttributedCharacterIterator iterator, int x, int y) {
        svg.drawString(iterator, x, y);
    }

    @Override
    public void drawString(AttributedCharacterIterator iterator, float x, float y) {
        svg.drawString(iterator, x, y);
    }

    @Override
    public void drawGlyphVector(GlyphVector g, float x, float y) {
        png.drawGlyphVector(g, x, y);
        svg.drawGlyphVector(g, x, y);
    }

    @Override
    public void drawLine(int x1, int y1, int x2, int y2) {
        png.drawLine(x1, y1, x2, y2);
        svg.drawLine(x1, y1, x2, y2);
    }

    @Override
    public void fillRect(int x, int y, int width, int height) {
        png.fillRect(x, y, width, height);
        svg.fillRect(x, y, width, height);
    }

    @Override
    public void drawRect(int x, int y, int width, int height) {
        png.drawRect(x, y, width, height);
        svg.drawRect(x, y, width, height);
    }

    @Override
    public void clearRect(int x, int y, int width, int height) {
        png.clearRect(x, y, width, height);
        svg.clearRect(x, y, width, height);
    }

    @Override
    public void drawRoundRect(int x, int y, int width, int height, int arcWidth, int arcHeight) {
        png.drawRoundRect(x, y, width, height, arcWidth, arcHeight);
        svg.drawRoundRect(x, y, width, height, arcWidth, arcHeight);
    }

    @Override
    public void fillRoundRect(int x, int y, int width, int height, int arcWidth, int arcHeight) {
        png.fillRoundRect(x, y, width, height, arcWidth, arcHeight);
        svg.fillRoundRect(x, y, width, height, arcWidth, arcHeight);
    }

    @Override
    public void drawOval(int x, int y, int width, int height) {
        png.drawOval(x, y, width, height);
        svg.drawOval(x, y, width, height);
    }

    @Override
    public void fillOval(int x, int y, int width, int height) {
        png.fillOval(x, y, width, height);
        svg.fillOval(x, y, width, height);
    }

    @Override
    public void drawArc(int x, int y, int width, int height, int startAngle, int arcAngle) {
        png.drawArc(x, y, width, height, startAngle, arcAngle);
        svg.drawArc(x, y, width, height, startAngle, arcAngle);
    }

    @Override
    public void fillArc(int x, int y, int width, int height, int startAngle, int arcAngle) {
        png.fillArc(x, y, width, height, startAngle, arcAngle);
        svg.fillArc(x, y, width, height, startAngle, arcAngle);
    }

    @Override
    public void drawPolyline(int[] xs, int[] ys, int n) {
        png.drawPolyline(xs, ys, n);
        svg.drawPolyline(xs, ys, n);
    }

    @Override
    public void drawPolygon(int[] xs, int[] ys, int n) {
        png.drawPolygon(xs, ys, n);
        svg.drawPolygon(xs, ys, n);
    }

    @Override
    public void fillPolygon(int[] xs, int[] ys, int n) {
        png.fillPolygon(xs, ys, n);
        svg.fillPolygon(xs, ys, n);
    }

    @Override
    public void copyArea(int x, int y, int width, int height, int dx, int dy) {
        svg.copyArea(x, y, width, height, dx, dy);
    }

    // images: the SVG refuses them, before the PNG is painted on

    @Override
    public boolean drawImage(Image img, AffineTransform xform, ImageObserver obs) {
        return svg.drawImage(img, xform, obs);
    }

    @Override
    public void drawImage(BufferedImage img, BufferedImageOp op, int x, int y) {
        svg.drawImage(img, op, x, y);
    }

    @Override
    public void drawRenderedImage(RenderedImage img, AffineTransform xform) {
        svg.drawRenderedImage(img, xform);
    }

    @Override
    public void drawRenderableImage(RenderableImage img, AffineTransform xform) {
        svg.drawRenderableImage(img, xform);
    }

    @Override
    public boolean drawImage(Image img, int x, int y, ImageObserver observer) {
        return svg.drawImage(img, x, y, observer);
    }

    @Override
    public boolean drawImage(Image img, int x, int y, int width, int height, ImageObserver observer) {
        return svg.drawImage(img, x, y, width, height, observer);
    }

    @Override
    public boolean drawImage(Image img, int x, int y, Color bgcolor, ImageObserver observer) {
        return svg.drawImage(img, x, y, bgcolor, observer);
    }

    @Override
    public boolean drawImage(Image img, int x, int y, int width, int height, Color bgcolor, ImageObserver observer) {
        return svg.drawImage(img, x, y, width, height, bgcolor, observer);
    }

    @Override
    public boolean drawImage(Image img, int dx1, int dy1, int dx2, int dy2, int sx1, int sy1, int sx2, int sy2, ImageObserver observer) {
        return svg.drawImage(img, dx1, dy1, dx2, dy2, sx1, sy1, sx2, sy2, observer);
    }

    @Override
    public boolean drawImage(Image img, int dx1, int dy1, int dx2, int dy2, int sx1, int sy1, int sx2, int sy2, Color bgcolor,
            ImageObserver observer) {
        return svg.drawImage(img, dx1, dy1, dx2, dy2, sx1, sy1, sx2, sy2, bgcolor, observer);
    }
}
