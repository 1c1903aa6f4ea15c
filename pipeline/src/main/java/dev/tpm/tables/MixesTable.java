package dev.tpm.tables;

import dev.tpm.model.Endpoints;
import dev.tpm.model.Mix;
import dev.tpm.results.Results;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Table 7: the weight of each CRUD endpoint in every workload mix (config/mixes.csv). */
public final class MixesTable implements SharedTable {
    /** The request each endpoint id stands for (data.md, Endpoints). */
    static final Map<String, String> REQUESTS = Map.of(
            Endpoints.POST_ITEM, "POST /items",
            Endpoints.GET_ITEM, "GET /items/{id}",
            Endpoints.GET_LIST, "GET /items",
            Endpoints.PUT_ITEM, "PUT /items/{id}",
            Endpoints.DELETE_ITEM, "DELETE /items/{id}");

    @Override
    public String name() {
        return "mixes";
    }

    @Override
    public Optional<String> lacking(Results r) {
        return r.facts().mixes().isEmpty() ? Optional.of("config/mixes.csv has no mix") : Optional.empty();
    }

    @Override
    public TableModel build(Results r) {
        List<Mix> mixes = r.facts().mixes();
        TableModel.Builder t = TableModel.builder(name(),
                "Table 7 (illustrative weights of this package): workload mixes - weight of each CRUD endpoint in the"
                        + " weighted aggregates. The paper prints no weights: these come from config/mixes.csv, not"
                        + " from the paper.");
        t.text("endpoint").text("request");
        for (int i = 0; i < mixes.size(); i++) {
            String label = mixes.get(i).name() + (i == 0 ? " (declared)" : "");
            t.number(TableText.withUnit(label, Quantity.PERCENT));
        }
        for (String e : Endpoints.CRUD) {
            List<String> cells = new ArrayList<>();
            cells.add(e);
            cells.add(REQUESTS.get(e));
            for (Mix m : mixes) cells.add(Rounding.value(Quantity.PERCENT, 100 * m.weight(e)));
            t.row(cells);
        }
        return t.note("The first mix is the declared mix of the headline tables; the others are the"
                        + " sensitivity scenarios (Table 22). The mixed endpoint is descriptive and has no weight.")
                .note(Rounding.note(List.of(Quantity.PERCENT)))
                .note("Source: data/config/mixes.csv.")
                .build();
    }
}
