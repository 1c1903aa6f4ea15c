package dev.tpm.collect;

import dev.tpm.model.Endpoints;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The declared mix of data/config/mixes.csv (data.md: the first mix in the file), which the
 * {@code mixed} workload draws its requests from when the data folder has that file.
 */
public final class DeclaredMix {
    private DeclaredMix() {}

    public static Map<String, Double> read(Path file) throws IOException {
        Map<String, Double> mix = new LinkedHashMap<>();
        String first = null;
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
                CSVParser p = CSVParser.parse(in, CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get())) {
            for (String c : new String[] {"mix", "endpoint", "weight"}) {
                if (!p.getHeaderMap().containsKey(c)) {
                    throw new IOException(file + ": line 1: expected a column '" + c + "', found " + p.getHeaderNames());
                }
            }
            int weightCol = p.getHeaderMap().get("weight") + 1;
            int endpointCol = p.getHeaderMap().get("endpoint") + 1;
            for (CSVRecord r : p) {
                long line = r.getParser().getCurrentLineNumber();
                if (first == null) first = r.get("mix");
                if (!r.get("mix").equals(first)) continue;
                String e = r.get("endpoint");
                if (!Endpoints.CRUD.contains(e)) {
                    throw new IOException(file + ": line " + line + ", column " + endpointCol + ": expected one of "
                            + Endpoints.CRUD + ", found '" + e + "'");
                }
                double w;
                try {
                    w = Double.parseDouble(r.get("weight"));
                } catch (NumberFormatException ex) {
                    throw new IOException(file + ": line " + line + ", column " + weightCol + ": expected a number, found '"
                            + r.get("weight") + "'");
                }
                if (!(w >= 0)) {
                    throw new IOException(file + ": line " + line + ", column " + weightCol + ": expected a non-negative weight, found " + w);
                }
                if (mix.put(e, w) != null) {
                    throw new IOException(file + ": line " + line + ": endpoint '" + e + "' twice in mix '" + first + "'");
                }
            }
        }
        if (first == null) throw new IOException(file + ": expected at least one mix, found none");
        double sum = 0;
        for (String e : Endpoints.CRUD) {
            if (!mix.containsKey(e)) throw new IOException(file + ": mix '" + first + "': expected a weight for '" + e + "', found none");
            sum += mix.get(e);
        }
        if (Math.abs(sum - 1) > Preset.MIX_SUM_TOLERANCE) {
            throw new IOException(file + ": mix '" + first + "': expected weights summing to 1, found " + sum);
        }
        Map<String, Double> ordered = new LinkedHashMap<>();
        for (String e : Endpoints.CRUD) ordered.put(e, mix.get(e));
        return ordered;
    }
}
