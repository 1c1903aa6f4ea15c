package dev.tpm.results;

import java.util.Locale;

/**
 * A kind of number in the outputs: its unit and how many decimals the tables keep
 * (dev.tpm.tables.Rounding prints it). Each {@link Metric} names its quantity.
 */
public enum Quantity {
    RPS("req/s", 0, "req/s to whole numbers"),
    LATENCY_MS("ms", 2, "latency (ms) to 2 decimals (\"< 0.01\" below that)"),
    STARTUP_MS("ms", 1, "startup (ms) to 1 decimal"),
    MIB("MiB", 2, "MiB to 2 decimals"),
    RPS_PER_MIB("req/s/MiB", 2, "req/s/MiB to 2 decimals"),
    ENERGY_MJ("mJ/req", 2, "energy (mJ/req) to 2 decimals"),
    POWER_W("W", 2, "power (W) to 2 decimals"),
    SECONDS("s", 1, "durations (s) to 1 decimal"),
    SLOPE_MIB_PER_S("MiB/s", 4, "slopes (MiB/s) to 4 decimals"),
    PER_MINUTE("/min", 1, "rates per minute to 1 decimal"),
    PERCENT("%", 1, "percentages to 1 decimal"),
    CPU_CORES("cores", 2, "CPU cores to 2 decimals"),
    RPS_PER_CPU_S("req/CPU-s", 0, "requests per CPU-second to whole numbers"),
    RATIO("", RatioInterval.DECIMALS, "ratios to 2 decimals"),
    STATISTIC("", 2, "test statistics (H) to 2 decimals"),
    EFFECT("", 3, "effect sizes and Kendall's tau to 3 decimals"),
    COUNT("", 0, "counts as integers");

    private final String unit;
    private final int decimals;
    private final String rule;

    Quantity(String unit, int decimals, String rule) {
        this.unit = unit;
        this.decimals = decimals;
        this.rule = rule;
    }

    public String unit() {
        return unit;
    }

    public int decimals() {
        return decimals;
    }

    /** The rounding rule in words, for the table notes. */
    public String rule() {
        return rule;
    }

    /** The quantity of a unit string as the results carry it (e.g. an implication's unit). */
    public static Quantity forUnit(String unit) {
        String u = unit == null ? "" : unit.trim().toLowerCase(Locale.ROOT);
        switch (u) {
            case "req/s":
                return RPS;
            case "req/s/mib":
            case "req/s/mb":
                return RPS_PER_MIB;
            case "mib":
            case "mb":
                return MIB;
            case "ms":
                return STARTUP_MS;
            case "mj":
            case "mj/req":
                return ENERGY_MJ;
            case "w":
                return POWER_W;
            default:
                return RATIO;
        }
    }
}
