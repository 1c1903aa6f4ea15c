package dev.tpm.codec;

import dev.tpm.model.Endpoints;
import dev.tpm.model.Mix;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * config/mixes.csv (data.md): {@code mix,endpoint,weight}, read here only, by ingest and by the
 * harness (whose {@code mixed} workload draws from the first mix, the declared one).
 */
public final class MixesCsv {
    /** How far from 1 a mix's weights may sum. */
    public static final double WEIGHT_SUM_TOLERANCE = 1e-9;

    private MixesCsv() {}

    /**
     * Reads mixes.csv: mixes in order of first appearance, each a weight for each of the five CRUD
     * endpoints, non-negative, summing to 1 within {@value #WEIGHT_SUM_TOLERANCE}.
     *
     * @param file the path relative to data/, for messages
     */
    public static List<Mix> read(Path path, String file, Problems problems, Consumer<String> warn) {
        if (!java.nio.file.Files.isRegularFile(path)) {
            problems.atFile(file, "the workload mixes (mix,endpoint,weight)", "no such file");
            return List.of();
        }
        CsvFile csv = CsvFile.read(path, file, problems);
        if (csv == null) return List.of();
        List<String> columns = List.of("mix", "endpoint", "weight");
        boolean complete = true;
        for (String c : columns) {
            if (!csv.has(c)) {
                problems.atLine(file, csv.headerLine(), c, "a column '" + c + "' in the header",
                        "none (header: " + String.join(",", csv.header()) + ")");
                complete = false;
            }
        }
        csv.warnUnknown(columns, warn);
        if (!complete) return List.of();
        if (csv.rows().isEmpty() && csv.dataRecords() == 0) {
            problems.atLine(file, csv.headerLine(), null, "at least one mix after the header", "no rows");
            return List.of();
        }
        int mi = csv.column("mix"), ei = csv.column("endpoint"), wi = csv.column("weight");
        Map<String, Map<String, Double>> weights = new LinkedHashMap<>();
        Map<String, List<Long>> lines = new HashMap<>();
        Map<String, Long> seen = new HashMap<>();
        for (CsvFile.Row row : csv.rows()) {
            String mix = row.get(mi), endpoint = row.get(ei), w = row.get(wi);
            long line = row.line();
            boolean ok = true;
            if (mix.isEmpty()) {
                problems.atLine(file, line, "mix", "a mix name", Problem.quote(mix));
                ok = false;
            }
            if (!Endpoints.CRUD.contains(endpoint)) {
                problems.atLine(file, line, "endpoint", "one of the CRUD endpoints "
                        + String.join(", ", Endpoints.CRUD), Problem.quote(endpoint));
                ok = false;
            }
            Double weight = null;
            if (w.isEmpty()) {
                problems.atLine(file, line, "weight", "a weight", Problem.quote(w));
            } else {
                weight = Cells.decimal(w, file, line, "weight", problems);
                if (weight != null && weight < 0) {
                    problems.atLine(file, line, "weight", "a non-negative weight", Problem.quote(w));
                    weight = null;
                }
            }
            if (!ok || weight == null) continue;
            String key = mix + "\u0000" + endpoint;
            Long first = seen.putIfAbsent(key, line);
            if (first != null) {
                problems.atLine(file, line, "endpoint", "each endpoint once per mix",
                        "'" + endpoint + "' of mix '" + mix + "' again (first on line " + first + ")");
                continue;
            }
            weights.computeIfAbsent(mix, k -> new LinkedHashMap<>()).put(endpoint, weight);
            lines.computeIfAbsent(mix, k -> new ArrayList<>()).add(line);
        }
        List<Mix> mixes = new ArrayList<>();
        for (Map.Entry<String, Map<String, Double>> e : weights.entrySet()) {
            String mix = e.getKey();
            List<Long> ls = lines.get(mix);
            long firstLine = ls.get(0);
            String span = ls.size() == 1 ? "line " + firstLine : "lines " + ls.get(0) + "-" + ls.get(ls.size() - 1);
            List<String> missing = new ArrayList<>();
            for (String c : Endpoints.CRUD) if (!e.getValue().containsKey(c)) missing.add(c);
            if (!missing.isEmpty()) {
                problems.atLine(file, firstLine, "endpoint", "mix '" + mix + "' (" + span
                        + ") to give a weight to each of " + String.join(", ", Endpoints.CRUD),
                        "no row for " + String.join(", ", missing));
            }
            double sum = 0;
            for (double w : e.getValue().values()) sum += w;
            if (Math.abs(sum - 1.0) > WEIGHT_SUM_TOLERANCE) {
                problems.atLine(file, firstLine, "weight", "the weights of mix '" + mix + "' (" + span
                        + ") to sum to 1 (within 1e-9)", "a sum of " + Num.csv(sum));
            }
            mixes.add(new Mix(mix, e.getValue()));
        }
        return mixes;
    }
}
