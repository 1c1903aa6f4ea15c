package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/** The one seed derivation, pinned for both of its users so that neither can drift. */
class SeedsTest {
    @Test
    void theAnalysisBootstrapSeedsAreThoseOfThePublishedOutputs() {
        // root seed 20260929 (BootstrapTest), group (stack "group", device "pi5-a"): the pipeline's value
        assertEquals(3928182499675376966L, Seeds.derive(20260929L, "group", "pi5-a"));
    }

    @Test
    void theHarnessRunOrderUsesTheSameDerivation() {
        // the harness keys a block by (phase, stack): the 0x1F separator, not "phase1/go"
        assertEquals(Seeds.derive(42, "phase1", "go"), new Object() {
            long bySeparator() {
                byte[] key = "42\u001Fphase1\u001Fgo".getBytes(java.nio.charset.StandardCharsets.UTF_8);
                return java.nio.ByteBuffer.wrap(Sha256.digest().digest(key), 0, 8).getLong();
            }
        }.bySeparator());
        assertEquals(PINNED_PHASE1_GO, Seeds.derive(42, "phase1", "go"));
        assertNotEquals(Seeds.derive(42, "phase1/go"), Seeds.derive(42, "phase1", "go"));
        assertNotEquals(Seeds.derive(42, "ab", "c"), Seeds.derive(42, "a", "bc"));
    }

    static final long PINNED_PHASE1_GO = 8400880501479327716L;
}
