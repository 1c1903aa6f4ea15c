package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.results.Estimate;
import dev.tpm.results.Quantity;
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

    /** Every form of published.csv's paper vocabulary (dev.tpm.results.PaperName) prints as its quantity. */
    @Test
    void metricIdsOfThePublishedVocabularyMapToTheirQuantity() {
        java.util.Map<String, Quantity> expected = new java.util.LinkedHashMap<>();
        for (String m : List.of("w_rps", "rps_c240", "peak_rps", "min_rps")) expected.put(m, Quantity.RPS);
        for (String m : List.of("w_peak_mib", "idle_rss_mib", "artifact_mib", "growth_mib", "first_mib", "min_mib", "max_mib",
                "last_mib", "peak_rss_mib:get_item", "peak_rss_mib_min_endpoint", "peak_rss_mib_max_endpoint")) {
            expected.put(m, Quantity.MIB);
        }
        expected.put("w_rps_per_mib", Quantity.RPS_PER_MIB);
        expected.put("rps_per_mib:get_list", Quantity.RPS_PER_MIB);
        for (String m : List.of("w_p99_ms", "p99_ms_c240", "lat_p99_ms:post_item", "lat_p50_ms:get_item")) {
            expected.put(m, Quantity.LATENCY_MS);
        }
        expected.put("startup_ms", Quantity.STARTUP_MS);
        expected.put("w_energy_mj", Quantity.ENERGY_MJ);
        for (String m : List.of("drops", "plateau_concurrency", "posthoc_comparisons", "posthoc_significant",
                "endpoints_higher:rps_per_mib:python")) {
            expected.put(m, Quantity.COUNT);
        }
        expected.put("growth_mib_per_min", Quantity.PER_MINUTE);
        expected.put("drops_per_min", Quantity.PER_MINUTE);
        for (String m : List.of("posthoc_significant_share", "startup_ms/dotnet", "w_peak_mib/rust", "no_such_metric")) {
            expected.put(m, Quantity.RATIO);
        }
        expected.forEach((m, q) -> assertEquals(q, dev.tpm.results.PaperName.parse(m).quantity(), m));
    }

    @Test
    void theRoundingNoteNamesEachQuantityOnceInAFixedOrder() {
        assertEquals("Rounded for reading (half away from zero): req/s to whole numbers; MiB to 2 decimals.",
                Rounding.note(List.of(Quantity.MIB, Quantity.RPS, Quantity.MIB)));
    }
}
