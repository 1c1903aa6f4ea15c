package dev.tpm.figures;

import java.awt.Font;
import java.awt.Shape;
import java.awt.font.FontRenderContext;
import java.awt.font.LineMetrics;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.awt.geom.PathIterator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Arrays;

/**
 * Words in an SVG as {@code <text>}, not as the glyph outlines XChart fills.
 *
 * <p>XChart draws every word itself: {@code new TextLayout(text, font, frc)}, then
 * {@code g.fill(layout.getOutline(...))}, so the {@code Graphics2D} it paints on sees only a
 * shape, and a rendering hint cannot make it text. The route taken instead knows each text
 * before it is filled and never reads words out of shapes:
 *
 * <ol>
 *   <li>every theme font is a {@link TextFont}, which notes each string a {@code TextLayout} is
 *       made of (the layout asks its font for the string's line metrics), with the layout's font
 *       and render context, while an SVG is being painted on this thread;
 *   <li>{@link SvgGraphics}, the SVG's {@code Graphics2D}, compares every filled shape with
 *       the outlines of the strings noted so far ({@link Recorder#find}): a shape that is one of
 *       them, segment for segment and point for point (within {@link #TOLERANCE_PX}), moved and
 *       turned but not scaled, is written as that string instead: a {@code <text>} at the
 *       outline's origin, in its font, in a group turned and moved as the outline was;
 *   <li>any other shape (a marker, a box, and a word in a font that is not a theme font) is filled
 *       as before. FigureWriterTest fails on a glyph outline left in an SVG.
 * </ol>
 *
 * <p>The PNG is painted without any of this: a {@code TextFont} paints as the font it wraps, and
 * the PNG's bytes are those of the plain font. Step 1 rests on how the JDK's
 * {@code TextLayout(String, Font, FontRenderContext)} starts, asking the font for the line
 * metrics of the whole string (OpenJDK 17 and 25 do); a JDK that stopped would leave the words as
 * outlines, which SvgTextTest would catch. Where a string is laid out several times (XChart tries
 * tick labels at several spacings), its outline is computed once.
 */
final class SvgText {
    /** How far a filled point may be from the outline's for the shape to be that outline. */
    static final double TOLERANCE_PX = 0.01;

    /** The generic family a viewer falls back on when it lacks DejaVu Sans. */
    static final String FALLBACK_FAMILY = "sans-serif";

    private static final ThreadLocal<Recorder> RECORDER = new ThreadLocal<>();

    private SvgText() {}

    /** A theme font: paints as {@code font}, and tells an SVG being painted which strings are laid out in it. */
    static final class TextFont extends Font {
        private static final long serialVersionUID = 1L;

        TextFont(Font font) {
            super(font);
        }

        /** {@code TextLayout(String, Font, FontRenderContext)} calls this with the whole string. */
        @Override
        public LineMetrics getLineMetrics(char[] chars, int beginIndex, int limit, FontRenderContext frc) {
            Recorder r = RECORDER.get();
            if (r != null) r.laidOut(new String(chars, beginIndex, limit - beginIndex), this, frc);
            return super.getLineMetrics(chars, beginIndex, limit, frc);
        }
    }

    /** A string laid out in a font and render context, and its outline at the origin. */
    private record Text(String text, Font font, FontRenderContext frc) {}

    private record Outline(Text text, double[] points) {}

    /** Where a filled shape is a noted string: its outline, turned by {@code radians}, then moved. */
    record Placement(String text, Font font, double radians, double dx, double dy) {
        AffineTransform transform() {
            AffineTransform t = AffineTransform.getTranslateInstance(dx, dy);
            if (radians != 0) t.rotate(radians);
            return t;
        }
    }

    /** The strings laid out on one thread while it paints one SVG. */
    static final class Recorder implements AutoCloseable {
        private final Set<Text> seen = new HashSet<>();
        private final List<Text> pending = new ArrayList<>();
        /** Outlines by their sequence of segment types, each list in the order its strings were first laid out. */
        private final Map<String, List<Outline>> bySegments = new HashMap<>();
        private boolean measuring;

        /** Notes the strings laid out on this thread until {@link #close}. */
        static Recorder start() {
            if (RECORDER.get() != null) throw new IllegalStateException("an SVG is already being painted on this thread");
            Recorder r = new Recorder();
            RECORDER.set(r);
            return r;
        }

        @Override
        public void close() {
            RECORDER.remove();
        }

        private void laidOut(String text, Font font, FontRenderContext frc) {
            if (measuring) return;
            Text t = new Text(text, font, frc);
            if (seen.add(t)) pending.add(t);
        }

        /**
         * The noted string whose outline {@code shape} is, moved and turned; null if none is. Of
         * several within the tolerance (one string laid out in two render contexts, whose outlines
         * differ by a fraction of the tolerance), the closest, the first noted of equally close ones:
         * the first within the tolerance could be another context's outline, fitted by a turn of a
         * hundredth of a degree.
         */
        Placement find(Shape shape) {
            outlinePending();
            Path p = Path.of(shape);
            if (p.points().length == 0) return null;
            List<Outline> same = bySegments.get(p.segments());
            if (same == null) return null;
            Placement best = null;
            double bestError = Double.POSITIVE_INFINITY;
            for (Outline o : same) {
                double[] error = new double[1];
                Placement m = fit(o, p.points(), error);
                if (m != null && error[0] < bestError) {
                    best = m;
                    bestError = error[0];
                    if (bestError == 0) break;
                }
            }
            return best;
        }

        private void outlinePending() {
            if (pending.isEmpty()) return;
            measuring = true;
            try {
                for (Text t : pending) {
                    Path p = Path.of(new TextLayout(t.text(), t.font(), t.frc()).getOutline(null));
                    if (p.points().length == 0) continue; // blanks fill nothing
                    bySegments.computeIfAbsent(p.segments(), k -> new ArrayList<>()).add(new Outline(t, p.points()));
                }
            } finally {
                measuring = false;
            }
            pending.clear();
        }

        /**
         * The rotation and translation taking the outline's points to {@code q} (least squares, as
         * Procrustes: the angle from the centred points' cross and dot sums), if every point lands
         * within the tolerance.
         */
        private static Placement fit(Outline o, double[] q, double[] error) {
            double[] p = o.points();
            int n = p.length / 2;
            double pxm = 0, pym = 0, qxm = 0, qym = 0;
            for (int i = 0; i < n; i++) {
                pxm += p[2 * i];
                pym += p[2 * i + 1];
                qxm += q[2 * i];
                qym += q[2 * i + 1];
            }
            pxm /= n;
            pym /= n;
            qxm /= n;
            qym /= n;
            double dot = 0, cross = 0;
            for (int i = 0; i < n; i++) {
                double px = p[2 * i] - pxm, py = p[2 * i + 1] - pym;
                double qx = q[2 * i] - qxm, qy = q[2 * i + 1] - qym;
                dot += px * qx + py * qy;
                cross += px * qy - py * qx;
            }
            double radians = cross == 0 ? 0 : Math.atan2(cross, dot);
            double cos = Math.cos(radians), sin = Math.sin(radians);
            double dx = qxm - (cos * pxm - sin * pym);
            double dy = qym - (sin * pxm + cos * pym);
            for (int i = 0; i < n; i++) {
                double x = cos * p[2 * i] - sin * p[2 * i + 1] + dx;
                double y = sin * p[2 * i] + cos * p[2 * i + 1] + dy;
                double e = Math.max(Math.abs(x - q[2 * i]), Math.abs(y - q[2 * i + 1]));
                if (e > TOLERANCE_PX) return null;
                error[0] = Math.max(error[0], e);
            }
            return new Placement(o.text().text(), o.text().font(), radians, dx, dy);
        }
    }

    /** A path as its segment types (one letter each) and its points, in user space. */
    private record Path(String segments, double[] points) {
        static Path of(Shape s) {
            StringBuilder types = new StringBuilder();
            double[] points = new double[64];
            int count = 0;
            double[] c = new double[6];
            for (PathIterator it = s.getPathIterator(null); !it.isDone(); it.next()) {
                int type = it.currentSegment(c);
                int coords = switch (type) {
                    case PathIterator.SEG_MOVETO, PathIterator.SEG_LINETO -> 2;
                    case PathIterator.SEG_QUADTO -> 4;
                    case PathIterator.SEG_CUBICTO -> 6;
                    default -> 0;
                };
                types.append((char) ('0' + type));
                if (count + coords > points.length) points = Arrays.copyOf(points, 2 * points.length + coords);
                System.arraycopy(c, 0, points, count, coords);
                count += coords;
            }
            return new Path(types.toString(), Arrays.copyOf(points, count));
        }
    }

    /** Character data escaped for XML: ampersand and angle brackets. */
    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        SvgGraphics.escape(out, s);
        return out.toString();
    }
}
