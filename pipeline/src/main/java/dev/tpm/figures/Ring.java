package dev.tpm.figures;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import org.knowm.xchart.style.markers.Marker;

/** An open circle twice the marker size: drawn around a point it highlights (the Pareto frontier). */
final class Ring extends Marker {
    private static final BasicStroke RING_STROKE = new BasicStroke(2.2f);

    @Override
    public void paint(Graphics2D g, double xOffset, double yOffset, int markerSize) {
        g.setStroke(RING_STROKE);
        double r = markerSize;
        g.draw(new Ellipse2D.Double(xOffset - r, yOffset - r, 2 * r, 2 * r));
    }
}
