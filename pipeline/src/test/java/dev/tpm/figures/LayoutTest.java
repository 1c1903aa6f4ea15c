package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.results.Results;
import org.junit.jupiter.api.Test;

class LayoutTest {
    @Test
    void ciLevelReadsTheConfiguredConfidence() {
        assertEquals("95 %", Layout.ciLevel(SyntheticResults.pi5()));
        Results r = SyntheticResults.pi5();
        AnalysisConfig c = AnalysisConfig.defaults().with(b -> b.bootstrapResamples(1000).confidence(0.9).rngSeed(1));
        var ninety = new Results(dev.tpm.testing.TestFacts.withConfig(r.facts(), c), r.verification(), r.stackOrder(),
                r.devices(), r.replication(), r.replicationTau());
        assertEquals("90 %", Layout.ciLevel(ninety), "0.9 * 100 is 90.00000000000001 in binary");
    }

    @Test
    void valueLabelsKeepThreeSignificantDigitsBelowAHundred() {
        assertEquals("310", Layout.number(310.25));
        assertEquals("2461", Layout.number(2461.4));
        assertEquals("44.1", Layout.number(44.08));
        assertEquals("4.10", Layout.number(4.1));
        assertEquals("0.271", Layout.number(0.27149));
    }

    @Test
    void panelsAreLaidOutInTwoOrThreeColumns() {
        assertEquals(1, Layout.columns(1));
        assertEquals(2, Layout.columns(2));
        assertEquals(2, Layout.columns(4));
        assertEquals(3, Layout.columns(6));
    }
}
