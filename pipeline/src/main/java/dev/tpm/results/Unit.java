package dev.tpm.results;

import java.util.List;

/**
 * units.csv (analysis.md 11): one stack on one metric across the units of one model.
 *
 * @param model the model id (device.model_id, or analysis.json's device_models)
 * @param mix the mix of a weighted metric; empty for idle_rss_mib and startup_ms
 * @param units how many units have a value
 * @param mean the mean over the units of their point values (NaN when a unit has none)
 * @param spread max / min; NaN when min &lt;= 0 or a unit has no value
 * @param lo the two-level bootstrap's interval; NaN without replicates on every unit
 * @param best the stack with the best mean (ratios.csv's rule); empty on a row without a mean
 * @param tied ratio_lo &lt;= 1; null where the ratio has no interval
 * @param missing the units without a value, e.g. {@code pi5-c: no value}; empty when every unit has one
 * @param devices the model's units, in id order
 * @param unitEstimates each unit's value with its own CI (weighted.csv's or stack_pooled.csv's), one per device
 */
public record Unit(String model, String mix, String metric, String stack, int units, double mean, double min, double max,
        double spread, double lo, double hi, String best, double ratio, double ratioLo, double ratioHi, Boolean tied,
        String missing, List<String> devices, List<Estimate> unitEstimates) {
    public Unit {
        devices = List.copyOf(devices);
        unitEstimates = List.copyOf(unitEstimates);
    }
}
