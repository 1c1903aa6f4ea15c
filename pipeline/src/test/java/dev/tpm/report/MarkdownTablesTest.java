package dev.tpm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownTablesTest {
    /** The shape the tables stage writes: caption, pipe table with alignment row, notes. */
    static final String TABLE_MD = """
            Table 14 (regenerated): weighted throughput per MiB, mix illustrative, 95 % CIs.

            | stack | w\\_rps [CI] | note |
            | :--- | ---: | :---: |
            | rust | 2125 [2019, 2264] | a \\| b |
            | go | 2200 <x> & y | `x_y` |

            - Units: req/s; MiB = KiB / 1024.
            - Ties share the lowest rank \\*.
            """;

    @Test
    void captionTableAndNotesBecomeHtml() {
        String html = MarkdownTables.toHtml(TABLE_MD);
        assertEquals("""
                <p class="caption">Table 14 (regenerated): weighted throughput per MiB, mix illustrative, 95 % CIs.</p>
                <div class="table"><table>
                <thead><tr><th class="left">stack</th><th class="right">w_rps [CI]</th><th class="center">note</th></tr></thead>
                <tbody>
                <tr><td class="left">rust</td><td class="right">2125 [2019, 2264]</td><td class="center">a | b</td></tr>
                <tr><td class="left">go</td><td class="right">2200 &lt;x&gt; &amp; y</td><td class="center"><code>x_y</code></td></tr>
                </tbody>
                </table></div>
                <ul class="notes">
                <li>Units: req/s; MiB = KiB / 1024.</li>
                <li>Ties share the lowest rank *.</li>
                </ul>
                """, html);
    }

    @Test
    void cellsSplitOnlyAtUnescapedPipes() {
        assertEquals(List.of(" a ", " b \\| c ", " "), MarkdownTables.cells("| a | b \\| c | |"));
        assertEquals(List.of(" a ", " b \\| c "), MarkdownTables.cells("| a | b \\| c |"));
        assertEquals("a|b", MarkdownTables.inline("a\\|b"));
        assertEquals("C:\\x", MarkdownTables.inline("C:\\x"), "a backslash before a letter stays");
    }

    @Test
    void aShortRowIsPaddedToTheHeader() {
        String html = MarkdownTables.toHtml("| a | b |\n| --- | --- |\n| 1 |\n");
        assertEquals(true, html.contains("<tr><td class=\"left\">1</td><td class=\"left\"></td></tr>"), html);
    }
}
