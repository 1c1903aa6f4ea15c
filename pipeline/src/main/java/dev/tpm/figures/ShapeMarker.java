package dev.tpm.figures;

import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Path2D;
import org.knowm.xchart.style.markers.Marker;

/**
 * A filled marker of a shape XChart does not have, so that every stack of a figure of up to
 * twelve stacks gets a shape of its own beside its colour (a figure is read in grey too). Each
 * shape is a closed polygon on the unit square [-1, 1]^2, scaled to half the marker size.
 */
final class ShapeMarker extends Marker {
    private final String name;
    private final double[] unitXy;

    private ShapeMarker(String name, double... unitXy) {
        this.name = name;
        this.unitXy = unitXy.clone();
    }

    /** A regular polygon of n corners, the first at the top. */
    private static double[] regular(int n, double start) {
        double[] xy = new double[2 * n];
        for (int i = 0; i < n; i++) {
            double a = start + 2 * Math.PI * i / n;
            xy[2 * i] = Math.sin(a);
            xy[2 * i + 1] = -Math.cos(a);
        }
        return xy;
    }

    /** A five-pointed star: outer corners at radius 1.15, inner at 0.5. */
    private static double[] star() {
        double[] xy = new double[20];
        for (int i = 0; i < 10; i++) {
            double r = i % 2 == 0 ? 1.15 : 0.5;
            double a = Math.PI * i / 5;
            xy[2 * i] = r * Math.sin(a);
            xy[2 * i + 1] = -r * Math.cos(a);
        }
        return xy;
    }

    static final ShapeMarker PENTAGON = new ShapeMarker("pentagon", regular(5, 0));
    static final ShapeMarker STAR = new ShapeMarker("star", star());
    static final ShapeMarker HEXAGON = new ShapeMarker("hexagon", regular(6, Math.PI / 6));
    static final ShapeMarker TRIANGLE_LEFT = new ShapeMarker("triangle-left", -1.1, 0, 0.9, -1, 0.9, 1);
    static final ShapeMarker TRIANGLE_RIGHT = new ShapeMarker("triangle-right", 1.1, 0, -0.9, 1, -0.9, -1);
    /** A plus of bars 0.8 wide: drawn open, a white line still runs inside its outline. */
    static final ShapeMarker PLUS = new ShapeMarker("plus", -0.4, -1.15, 0.4, -1.15, 0.4, -0.4, 1.15, -0.4, 1.15, 0.4, 0.4,
            0.4, 0.4, 1.15, -0.4, 1.15, -0.4, 0.4, -1.15, 0.4, -1.15, -0.4, -0.4, -0.4);
    /** The plus turned by 45 degrees. */
    static final ShapeMarker CROSS = new ShapeMarker("cross", rotated(PLUS.unitXy, Math.PI / 4));

    private static double[] rotated(double[] xy, double angle) {
        double[] out = new double[xy.length];
        AffineTransform.getRotateInstance(angle).transform(xy, 0, out, 0, xy.length / 2);
        return out;
    }

    /** The marker's outline at (x, y) for this marker size. */
    Shape shape(double x, double y, int size) {
        double h = size / 2.0;
        Path2D.Double p = new Path2D.Double();
        p.moveTo(x + h * unitXy[0], y + h * unitXy[1]);
        for (int i = 2; i < unitXy.length; i += 2) p.lineTo(x + h * unitXy[i], y + h * unitXy[i + 1]);
        p.closePath();
        return p;
    }

    @Override
    public void paint(Graphics2D g, double x, double y, int size) {
        g.fill(shape(x, y, size));
    }

    @Override
    public String toString() {
        return name;
    }
}
