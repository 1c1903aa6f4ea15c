package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class FormatterTest {
    /** A small table with every character that needs escaping in one format or the other. */
    static TableModel demo() {
        return TableModel.builder("demo", "Demo 1: w_rps & 50% #1")
                .text("stack").number("w_rps (req/s)")
                .group().row("go", "2200 [2150, 2251]")
                .group().row("a_b|c", "[1, 2]")
                .note("alpha = 0.05 & |d| > 0.8 #x")
                .note("--flag ~ ^ \\ {x} $5 <y *z* `q`")
                .build();
    }

    @Test
    void markdownIsAGithubTableWithCaptionAboveAndNotesBelow() {
        String expected = """
                Demo 1: w\\_rps & 50% #1

                | stack | w\\_rps (req/s) |
                | :--- | ---: |
                | go | 2200 [2150, 2251] |
                | a\\_b\\|c | [1, 2] |

                - alpha = 0.05 & \\|d\\| > 0.8 #x
                - --flag ~ ^ \\\\ {x} $5 \\<y \\*z\\* \\`q\\`
                """;
        assertEquals(expected, MarkdownFormatter.INSTANCE.format(demo()));
    }

    @Test
    void latexIsABooktabsTabularWithEveryCellEscaped() {
        String expected = """
                \\begin{table}[htbp]
                \\centering
                \\caption{Demo 1: w\\_rps \\& 50\\% \\#1}
                \\label{tab:demo}
                \\begin{tabular}{lr}
                \\toprule
                stack & w\\_rps (req/s) \\\\
                \\midrule
                go & 2200 [2150, 2251] \\\\
                \\midrule
                a\\_b\\textbar{}c & {}[1, 2] \\\\
                \\bottomrule
                \\end{tabular}
                \\par\\smallskip
                {\\footnotesize
                alpha = 0.05 \\& \\textbar{}d\\textbar{} \\textgreater{} 0.8 \\#x\\par
                -{}-flag \\textasciitilde{} \\textasciicircum{} \\textbackslash{} \\{x\\} \\$5 \\textless{}y *z* `q`\\par
                }
                \\end{table}
                """;
        assertEquals(expected, LatexFormatter.INSTANCE.format(demo()));
    }

    @Test
    void aTableWithoutNotesEndsAfterTheTable() {
        TableModel t = TableModel.builder("t", "Cap").text("a").row("1").build();
        assertEquals("Cap\n\n| a |\n| :--- |\n| 1 |\n", MarkdownFormatter.INSTANCE.format(t));
        assertEquals("\\begin{table}[htbp]\n\\centering\n\\caption{Cap}\n\\label{tab:t}\n"
                        + "\\begin{tabular}{l}\n\\toprule\na \\\\\n\\midrule\n1 \\\\\n\\bottomrule\n\\end{tabular}\n"
                        + "\\end{table}\n",
                LatexFormatter.INSTANCE.format(t));
    }

    @Test
    void htmlIsATableWithCaptionGroupsAndNotesEveryCellEscaped() {
        String expected = """
                <p class="caption">Demo 1: w_rps &amp; 50% #1</p>
                <div class="table"><table id="tab-demo">
                <thead><tr><th class="left">stack</th><th class="right">w_rps (req/s)</th></tr></thead>
                <tbody>
                <tr><td class="left">go</td><td class="right">2200 [2150, 2251]</td></tr>
                </tbody>
                <tbody>
                <tr><td class="left">a_b|c</td><td class="right">[1, 2]</td></tr>
                </tbody>
                </table></div>
                <ul class="notes">
                <li>alpha = 0.05 &amp; |d| &gt; 0.8 #x</li>
                <li>--flag ~ ^ \\ {x} $5 &lt;y *z* `q`</li>
                </ul>
                """;
        assertEquals(expected, HtmlFormatter.INSTANCE.format(demo()));
    }

    @Test
    void theMarkdownReadsBackToTheModelsCells() {
        ParsedMarkdown p = ParsedMarkdown.of(demo());
        assertEquals("Demo 1: w_rps & 50% #1", p.caption());
        assertEquals(java.util.List.of("stack", "w_rps (req/s)"), p.header());
        assertEquals(java.util.List.of("a_b|c", "[1, 2]"), p.rows().get(1));
        assertEquals("--flag ~ ^ \\ {x} $5 <y *z* `q`", p.notes().get(1));
    }

    @Test
    void aRowWithTheWrongNumberOfCellsIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TableModel.builder("bad", "Cap").text("a").text("b").row("1").build());
        assertEquals("table bad row 1 has 1 cells, expected 2", e.getMessage());
    }
}
