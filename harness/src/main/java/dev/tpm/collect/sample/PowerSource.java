package dev.tpm.collect.sample;

import java.util.List;

/**
 * Where power readings come from (servers.md): the Raspberry Pi 5 PMIC, Intel RAPL, or none.
 * The sampler reads it once per sample; {@link #energy} turns a run's readings into energy and
 * mean power over the window from the first reading to the last.
 */
public interface PowerSource {
    String PMIC = "pmic";
    String RAPL = "rapl";
    String NONE = "none";

    /** {@code pmic}, {@code rapl} or {@code none}: campaign.json's device.power_source. */
    String id();

    /** One reading; a failed reading is {@link PowerReading#missing}, never an exception. */
    PowerReading read();

    /** Energy and mean power over the readings; both NaN when there is nothing to integrate. */
    Energy energy(List<PowerReading> readings);

    /**
     * @param watts instantaneous power (PMIC), NaN where not measured
     * @param joules cumulative energy since the source was opened, wrap-arounds undone (RAPL), NaN
     *     where not measured
     */
    record PowerReading(long nanos, double watts, double joules) {
        public static PowerReading missing(long nanos) {
            return new PowerReading(nanos, Double.NaN, Double.NaN);
        }
    }

    record Energy(double joules, double meanWatts) {
        public static final Energy NONE = new Energy(Double.NaN, Double.NaN);
    }

    /** No power measurement on this machine. */
    PowerSource NO_POWER = new PowerSource() {
        @Override
        public String id() {
            return NONE;
        }

        @Override
        public PowerReading read() {
            return PowerReading.missing(System.nanoTime());
        }

        @Override
        public Energy energy(List<PowerReading> readings) {
            return Energy.NONE;
        }
    };
}
