package dev.tpm.figures;

import dev.tpm.model.Endpoints;
import dev.tpm.codec.Num;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Sizes, titles and labels the figure builders share. */
final class Layout {
    /** A one-panel figure, in SVG pixels (its PNG is {@link FigureWriter#MIN_PNG_WIDTH_PX} wide). */
    static final int SINGLE_WIDTH = 1100;
    static final int SINGLE_HEIGHT = 680;
    /** One panel of a multi-panel figure. */
    static final int PANEL_WIDTH = 640;
    static final int PANEL_HEIGHT = 470;

    /** data.md's requests, for panel titles. */
    private static final Map<String, String> REQUESTS = Map.of(
            Endpoints.POST_ITEM, "POST /items",
            Endpoints.GET_ITEM, "GET /items/{id}",
            Endpoints.GET_LIST, "GET /items",
            Endpoints.PUT_ITEM, "PUT /items/{id}",
            Endpoints.DELETE_ITEM, "DELETE /items/{id}",
            Endpoints.MIXED, "mixed workload",
            Endpoints.HELLO, "GET / (plain text)",
            Endpoints.HELLO_JSON, "GET /json",
            Endpoints.HEAVY, "GET /heavy");

    private Layout() {}

    /** The figure title, naming the device when there are several. */
    static String title(Results results, DeviceResults device, String title) {
        return results.multiDevice() ? title + " [" + device.id() + "]" : title;
    }

    static String endpoint(String id) {
        String request = REQUESTS.get(id);
        return request == null ? id : request + "  (" + id + ")";
    }

    /**
     * The device's stacks a figure leaves out for lack of values (none when it shows them all), so
     * that a missing stack is never mistaken for one that was not measured.
     */
    static LeftOut leftOut(DeviceResults device, java.util.Collection<String> shown, String why) {
        return LeftOut.of(why, device.listedStacks().stream().filter(s -> !shown.contains(s)).toList());
    }

    /**
     * The stacks without weighted values under the declared mix, each with its reason (weighted.csv's
     * missing): "Not shown (no weighted value): rust (delete_item: 0 measured of 10 (10 error_rate))."
     */
    static LeftOut leftOutWeighted(DeviceResults device, java.util.Collection<String> shown) {
        List<LeftOut.Stack> missing = new java.util.ArrayList<>();
        for (String s : device.listedStacks()) {
            if (shown.contains(s)) continue;
            String why = device.weighted().stream()
                    .filter(w -> w.mix().equals(device.declaredMix()) && w.stack().equals(s) && w.isMissing())
                    .map(dev.tpm.results.Weighted::missing).findFirst().orElse("");
            missing.add(new LeftOut.Stack(s, why));
        }
        return new LeftOut("no weighted value", missing);
    }

    /** "95 %" from the configured confidence. */
    static String ciLevel(Results results) {
        return Num.csv(results.facts().config().confidence() * 100) + " %";
    }

    /** A value label: whole numbers from 100 up, else three significant digits. */
    static String number(double x) {
        double a = Math.abs(x);
        if (a >= 100) return String.format(Locale.ROOT, "%.0f", x);
        if (a >= 10) return String.format(Locale.ROOT, "%.1f", x);
        if (a >= 1) return String.format(Locale.ROOT, "%.2f", x);
        return new java.math.BigDecimal(x).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** Panels per row for a grid of n panels. */
    static int columns(int n) {
        return n <= 1 ? 1 : n <= 4 ? 2 : 3;
    }
}
