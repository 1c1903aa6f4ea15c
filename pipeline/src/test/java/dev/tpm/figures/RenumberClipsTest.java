package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** FigureWriter.renumberClips is its regular expression {@code \bclip(-?\d+)\b}, replaced in order, on any text. */
class RenumberClipsTest {
    @Property(tries = 3_000)
    void sameAsTheRegularExpression(@ForAll("clipLike") String text) {
        assertEquals(FigureWriter.renumberClipsByPattern(text), FigureWriter.renumberClips(text));
    }

    /** Texts where "clip", ids, minus signs, word and non-word characters touch, now and then not ASCII. */
    @Provide
    Arbitrary<String> clipLike() {
        Arbitrary<String> pieces = Arbitraries.oneOf(
                Arbitraries.of("clip", "clip", "#clip", "url(#clip", "xclip", "clip-", "_clip", "clip_", ")", "\"", " ", "-", "_",
                        "a", "Z", "é", "\u0301", "\u00a0"),
                Arbitraries.strings().withChars("0123456789-").ofMinLength(1).ofMaxLength(4));
        return pieces.list().ofMaxSize(14).map(l -> String.join("", l));
    }

    @Test
    void boundariesAndIds() {
        String in = "clip7 xclip8 clip9x clip-3\"clip7) _clip1 clip2_ clip- clip clip12clip13 (clip-3)clip05";
        assertEquals(FigureWriter.renumberClipsByPattern(in), FigureWriter.renumberClips(in));
        assertEquals("clip1 xclip8 clip9x clip2\"clip1) _clip1 clip2_ clip- clip clip12clip13 (clip2)clip3",
                FigureWriter.renumberClips(in));
    }
}
