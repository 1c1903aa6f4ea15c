package dev.tpm.results;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * units.csv (analysis.md 11, version 5): one stack on one metric across the units of one model.
 *
 * @param model the model id (device.model_id, or analysis.json's device_models)
 * @param mix the mix of a weighted metric; empty for idle_rss_mib and startup_ms
 * @param hardware the units' machine.cpu_id: their common value, {@link #MIXED} when two recorded
 *     values differ, empty when some unit records none
 * @param units how many units have a value
 * @param gmean the geometric mean of the unit values that exist; NaN when one is &lt;= 0 or none exists
 * @param spread max / min over the unit values that exist; NaN when min &lt;= 0
 * @param lo the t interval over the log unit values; NaN unless {@code gaps} is empty
 * @param best the stack with the best gmean of the (mix, metric); empty when no stack has one
 * @param ratio the geometric mean over the units with values for both of the per-unit ratio to the
 *     best (best / stack when higher is better, stack / best otherwise); 1 on the best's row
 * @param ratioLo the t interval of the per-unit log ratios; NaN under the same conditions as lo (and on the best's row)
 * @param tied ratio_lo &lt;= 1; null where the ratio has no interval
 * @param missing the units without a value, e.g. {@code pi5-c: no value}; empty when every unit has one
 * @param of each of the model's units on this row, in device id order
 * @param gaps why the row has no model interval (empty when it has one)
 * @param probeSpread version 6: max / min of probe_cpu over the units with a value for the row; NaN
 *     when one of them has no probe_cpu (analysis.md 11)
 */
public record Unit(String model, String mix, String metric, String stack, String hardware, int units, double gmean,
        double min, double max, double spread, double lo, double hi, String best, double ratio, double ratioLo,
        double ratioHi, Boolean tied, String missing, List<OfUnit> of, Set<IntervalGap> gaps, double probeSpread) {

    /**
     * One unit of the model on a row.
     *
     * @param device the unit's device id
     * @param estimate its value with its own CI (weighted.csv's or stack_pooled.csv's); MISSING where it has none
     * @param hardware its machine.cpu_id, empty where not recorded
     * @param probeCpu version 6: its probe_cpu (the median cpu value of its paper campaigns' probe.csv rows), NaN
     *     where it has no probe
     */
    public record OfUnit(String device, Estimate estimate, String hardware, double probeCpu) {}

    /** units.csv's hardware when two units record different cpu_ids (analysis.md 11). */
    public static final String MIXED = "mixed";

    /** Why a row of units.csv has no interval (analysis.md 11, version 5); in the order a caption names them. */
    public enum IntervalGap {
        /** two units record different cpu_ids: not units of one model */
        HARDWARE_MIXED,
        /** some unit records no machine.cpu_id */
        HARDWARE_NOT_RECORDED,
        /** fewer units with a value than min_units_ci */
        TOO_FEW_UNITS,
        /** a unit value &lt;= 0: no geometric mean */
        NO_GMEAN,
        /** version 6: a unit with a value has no probe of its machine */
        PROBE_MISSING,
        /** version 6: the units' probes differ by more than probe_tolerance */
        PROBES_DIFFER
    }

    /** The model's units (device ids), in id order. */
    public List<String> devices() {
        return of.stream().map(OfUnit::device).toList();
    }

    /** True when the row's value rests on one unit: that unit's value, no mean and no spread (outputs.md version 6). */
    public boolean oneUnit() {
        return units == 1;
    }

    /** True when the row's value rests on fewer units than the model has. */
    public boolean fewerUnits() {
        return units < of.size();
    }

    public Unit {
        of = List.copyOf(of);
        gaps = gaps.isEmpty() ? Set.of() : java.util.Collections.unmodifiableSet(java.util.EnumSet.copyOf(gaps));
    }

    /** Whether the model's interval exists (analysis.md 11: enough units of one recorded hardware). */
    public boolean hasInterval() {
        return gaps.isEmpty();
    }

    /**
     * Why a model's rows have no interval, in words (the reasons of any of its shown rows, in
     * {@link IntervalGap}'s order); empty when every row has one. Too few units names the most units with
     * a value among the rows short of min_units_ci, not among every row (a row of three units whose
     * hardware is not recorded lacks its interval for the hardware only).
     */
    public static String noInterval(List<Unit> ofModel, int minUnitsCi) {
        return noInterval(ofModel, minUnitsCi, Double.NaN);
    }

    /** As {@link #noInterval(List, int)}, naming probe_tolerance where the probes differ (version 6). */
    public static String noInterval(List<Unit> ofModel, int minUnitsCi, double probeTolerance) {
        Set<IntervalGap> gaps = EnumSet.noneOf(IntervalGap.class);
        for (Unit u : ofModel) gaps.addAll(u.gaps());
        List<String> why = new ArrayList<>();
        for (IntervalGap g : gaps) {
            why.add(switch (g) {
                case HARDWARE_MIXED -> "hardware mixed (the units record different machine.cpu_ids: not units of one model)";
                case HARDWARE_NOT_RECORDED -> "hardware not recorded (a unit records no machine.cpu_id)";
                case TOO_FEW_UNITS -> "units too few (" + ofModel.stream().filter(u -> u.gaps().contains(IntervalGap.TOO_FEW_UNITS))
                        .mapToInt(Unit::units).max().orElse(0)
                        + " with a value; an interval needs min_units_ci = " + minUnitsCi + ")";
                case NO_GMEAN -> "a unit value <= 0 (no geometric mean)";
                case PROBE_MISSING -> "a unit has no probe of its machine (probe.csv), so nothing shows that the units ran"
                        + " in one machine state";
                case PROBES_DIFFER -> "the units' probes differ (probe spread up to " + String.format(java.util.Locale.ROOT, "%.2f",
                        ofModel.stream().mapToDouble(Unit::probeSpread).filter(x -> !Double.isNaN(x)).max().orElse(Double.NaN))
                        + (Double.isNaN(probeTolerance) ? "" : ", more than 1 + probe_tolerance = "
                        + new java.math.BigDecimal(Double.toString(1 + probeTolerance)).stripTrailingZeros().toPlainString())
                        + "): the units' machines were in different states";
            });
        }
        return String.join("; ", why);
    }

}
