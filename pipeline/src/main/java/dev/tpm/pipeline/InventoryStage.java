package dev.tpm.pipeline;

import dev.tpm.codec.CsvText;
import dev.tpm.codec.Num;
import dev.tpm.output.Outputs;
import dev.tpm.model.InventoryEntry;
import java.util.Comparator;
import java.util.List;

/** tables/inventory.csv: every input file SHA256SUMS lists, with its hash, size and CSV row count. */
public final class InventoryStage implements Stage {
    public static final String FILE = "tables/inventory.csv";

    @Override
    public String name() {
        return "inventory";
    }

    @Override
    public void run(PipelineContext context, Outputs out) {
        out.putCsv(FILE, table(context.dataset().inventory()));
    }

    /** path,sha256,bytes,rows sorted by path; rows empty for files that are not CSV. */
    public static String csv(List<InventoryEntry> entries) {
        return table(entries).toString();
    }

    private static CsvText table(List<InventoryEntry> entries) {
        CsvText t = new CsvText("path", "sha256", "bytes", "rows");
        entries.stream()
                .sorted(Comparator.comparing(InventoryEntry::path))
                .forEach(e -> t.row(e.path(), e.sha256(), Num.csv(e.bytes()), Num.csv(e.rows())));
        return t;
    }
}
