package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.results.Estimate;
import dev.tpm.tables.Rounding.Quantity;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoundingTest {
    @Test
    void fixedDecimalsRoundHalfAwayFromZeroWithoutNegativeZero() {
        assertEquals("310.25", Rounding.value(Quantity.RPS_PER_MIB, 310.2549));
        assertEquals("2126", Rounding.value(Quantity.RPS, 2125.5));
        assertEquals("-2126", Rounding.value(Quantity.RPS, -2125.5));
        assertEquals("11.0", Rounding.value(Quantity.STARTUP_MS, 11.04));
        assertEquals("0.00", Rounding.value(Quantity.MIB, -0.001));
        assertEquals("0.1250", Rounding.value(Quantity.SLOPE_MIB_PER_S, 0.125));
        assertEquals("26209", Rounding.value(Quantity.RPS, 26209.0));
        assertEquals("n/a", Rounding.value(Quantity.MIB, Double.NaN));
    }

    @Test
    void ciCellsAreValueAndBracketedInterval() {
        assertEquals("2200 [2150, 2251]", Rounding.ci(Quantity.RPS, new Estimate(2200.4, 2150.2, 2250.7)));
        assertEquals("3.27", Rounding.ci(Quantity.MIB, new Estimate(3.2699, Double.NaN, Double.NaN)));
        assertEquals("n/a", Rounding.ci(Quantity.MIB, Estimate.MISSING));
        assertEquals("n/a", Rounding.ci(Quantity.MIB, null));
    }

    @Test
    void pValuesAreFixedDownToOneThousandthThenScientific() {
        assertEquals("0.212", Rounding.p(0.21224));
        assertEquals("0.001", Rounding.p(0.001));
        assertEquals("9.9e-4", Rounding.p(0.00099));
        assertEquals("1.2e-26", Rounding.p(1.234e-26));
        assertEquals("1.0e-4", Rounding.p(0.0000996));
        assertEquals("0", Rounding.p(0.0));
        assertEquals("n/a", Rounding.p(Double.NaN));
    }

    @Test
    void levelsAndConfigNumbersPrintWithoutNeedlessDigits() {
        assertEquals("95%", Rounding.percentLabel(0.95));
        assertEquals("90%", Rounding.percentLabel(0.9));
        assertEquals("97.5%", Rounding.percentLabel(0.975));
        assertEquals("0.05", Rounding.plain(0.05));
        assertEquals("10000", Rounding.plain(10000));
        assertEquals("0.8", Rounding.plain(0.8));
    }

    @Test
    void metricIdsOfThePublishedVocabularyMapToTheirQuantity() {
        assertEquals(Quantity.RPS, Quantity.forMetric("w_rps"));
        assertEquals(Quantity.RPS, Quantity.forMetric("rps_c240"));
        assertEquals(Quantity.RPS, Quantity.forMetric("peak_rps"));
        assertEquals(Quantity.MIB, Quantity.forMetric("w_peak_mib"));
        assertEquals(Quantity.MIB, Quantity.forMetric("idle_rss_mib"));
        assertEquals(Quantity.MIB, Quantity.forMetric("artifact_mib"));
        assertEquals(Quantity.MIB, Quantity.forMetric("growth_mib"));
        assertEquals(Quantity.MIB, Quantity.forMetric("first_mib"));
        assertEquals(Quantity.MIB, Quantity.forMetric("peak_rss_mib:get_item"));
        assertEquals(Quantity.RPS_PER_MIB, Quantity.forMetric("w_rps_per_mib"));
        assertEquals(Quantity.RPS_PER_MIB, Quantity.forMetric("rps_per_mib:get_list"));
        assertEquals(Quantity.LATENCY_MS, Quantity.forMetric("w_p99_ms"));
        assertEquals(Quantity.LATENCY_MS, Quantity.forMetric("p99_ms_c240"));
        assertEquals(Quantity.LATENCY_MS, Quantity.forMetric("lat_p99_ms:post_item"));
        assertEquals(Quantity.STARTUP_MS, Quantity.forMetric("startup_ms"));
        assertEquals(Quantity.ENERGY_MJ, Quantity.forMetric("w_energy_mj"));
        assertEquals(Quantity.COUNT, Quantity.forMetric("drops"));
    }

    @Test
    void theRoundingNoteNamesEachQuantityOnceInAFixedOrder() {
        assertEquals("Rounded for reading (half away from zero): req/s to whole numbers; MiB to 2 decimals.",
                Rounding.note(List.of(Quantity.MIB, Quantity.RPS, Quantity.MIB)));
    }
}
