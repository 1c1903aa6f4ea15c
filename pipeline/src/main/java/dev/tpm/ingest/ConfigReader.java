package dev.tpm.ingest;

import dev.tpm.codec.Problem;
import dev.tpm.codec.Problems;
import dev.tpm.codec.CsvFile;
import dev.tpm.codec.Cells;
import dev.tpm.codec.JsonFile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Endpoints;
import dev.tpm.model.Mix;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** data/config/: analysis.json and mixes.csv. */
final class ConfigReader {
    static final String ANALYSIS = "config/analysis.json";
    static final String MIXES = "config/mixes.csv";

    /** analysis.md's parameter table, in its order: the keys analysis.json may hold. */
    static final List<String> ANALYSIS_KEYS = List.of(
            "bootstrap_resamples", "confidence", "rng_seed", "alpha", "posthoc_test", "large_effect",
            "max_error_rate", "plateau_gain", "drop_threshold_mib", "exclude_campaigns", "min_n", "memory_warm_s",
            "memory_checkpoints_s");

    /** spec/data.md: the weights of a mix sum to 1 within this tolerance. */
    static final double WEIGHT_SUM_TOLERANCE = 1e-9;

    private ConfigReader() {}

    /**
     * analysis.json; keys it leaves out take {@link AnalysisConfig#defaults()}. Returns the defaults
     * (after recording problems) when the file is bad, so that reading can go on.
     */
    static AnalysisConfig analysis(Path dataDir, Problems problems) {
        AnalysisConfig d = AnalysisConfig.defaults();
        Path path = dataDir.resolve(ANALYSIS);
        if (!java.nio.file.Files.isRegularFile(path)) {
            problems.atFile(ANALYSIS, "the analysis parameters (analysis.md; every key may be left at its default)",
                    "no such file");
            return d;
        }
        JsonFile json = JsonFile.read(path, ANALYSIS, problems);
        if (json == null) return d;
        JsonNode r = json.root;
        for (Iterator<String> it = r.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!ANALYSIS_KEYS.contains(key)) {
                json.problem("$." + key, "one of the parameters of analysis.md (" + String.join(", ", ANALYSIS_KEYS)
                        + ")", "the unknown key '" + key + "'");
            }
        }
        Integer b = json.intField(r, "$", "bootstrap_resamples", false, 1);
        Double conf = json.number(r, "$", "confidence", false, 0, 1, true, "a number strictly between 0 and 1");
        Long seed = json.integer(r, "$", "rng_seed", false, Long.MIN_VALUE);
        Double alpha = json.number(r, "$", "alpha", false, 0, 1, true, "a number strictly between 0 and 1");
        String test = json.oneOf(r, "$", "posthoc_test", false,
                List.of(AnalysisConfig.MANN_WHITNEY, AnalysisConfig.WELCH));
        Double large = json.number(r, "$", "large_effect", false, 0, Double.MAX_VALUE, false, "a number >= 0");
        Double maxErr = json.number(r, "$", "max_error_rate", false, 0, 1, false, "a number from 0 to 1");
        Double plateau = json.number(r, "$", "plateau_gain", false, 0, Double.MAX_VALUE, false, "a number >= 0");
        Double drop = json.number(r, "$", "drop_threshold_mib", false, 0, Double.MAX_VALUE, false, "a number >= 0");
        List<String> exclude = new ArrayList<>();
        JsonNode ex = r.get("exclude_campaigns");
        if (ex != null && !ex.isNull()) {
            if (!ex.isArray()) {
                json.problem("$.exclude_campaigns", "an array of campaign ids", JsonFile.describe(ex));
            } else {
                for (int i = 0; i < ex.size(); i++) {
                    JsonNode e = ex.get(i);
                    if (!e.isTextual() || e.asText().isEmpty()) {
                        json.problem("$.exclude_campaigns[" + i + "]", "a campaign id", JsonFile.describe(e));
                    } else {
                        exclude.add(e.asText());
                    }
                }
            }
        }
        Integer minN = json.intField(r, "$", "min_n", false, 1);
        Double warm = json.number(r, "$", "memory_warm_s", false, 0, Double.MAX_VALUE, false, "a number >= 0");
        List<Double> checkpoints = d.memoryCheckpointsS();
        JsonNode cp = r.get("memory_checkpoints_s");
        if (cp != null && !cp.isNull()) {
            if (!cp.isArray()) {
                json.problem("$.memory_checkpoints_s", "an array of times in seconds (numbers > 0)", JsonFile.describe(cp));
            } else {
                List<Double> read = new ArrayList<>();
                for (int i = 0; i < cp.size(); i++) {
                    JsonNode e = cp.get(i);
                    if (!e.isNumber() || !(e.asDouble() > 0) || Double.isInfinite(e.asDouble())) {
                        json.problem("$.memory_checkpoints_s[" + i + "]", "a time in seconds > 0", JsonFile.describe(e));
                    } else {
                        read.add(e.asDouble());
                    }
                }
                checkpoints = read;
            }
        }
        return new AnalysisConfig(
                b != null ? b : d.bootstrapResamples(),
                conf != null ? conf : d.confidence(),
                seed != null ? seed : d.rngSeed(),
                alpha != null ? alpha : d.alpha(),
                test != null ? test : d.posthocTest(),
                large != null ? large : d.largeEffect(),
                maxErr != null ? maxErr : d.maxErrorRate(),
                plateau != null ? plateau : d.plateauGain(),
                drop != null ? drop : d.dropThresholdMib(),
                exclude,
                minN != null ? minN : d.minN(),
                warm != null ? warm : d.memoryWarmS(),
                checkpoints);
    }

    /** The JSON path of exclude_campaigns[i], for a problem found once the campaigns are known. */
    static String excludePath(int i) {
        return "$.exclude_campaigns[" + i + "]";
    }

    /** mixes.csv, mixes in order of first appearance. */
    static List<Mix> mixes(Path dataDir, Problems problems, Consumer<String> warn) {
        Path path = dataDir.resolve(MIXES);
        if (!java.nio.file.Files.isRegularFile(path)) {
            problems.atFile(MIXES, "the workload mixes (mix,endpoint,weight)", "no such file");
            return List.of();
        }
        CsvFile csv = CsvFile.read(path, MIXES, problems);
        if (csv == null) return List.of();
        List<String> columns = List.of("mix", "endpoint", "weight");
        boolean complete = true;
        for (String c : columns) {
            if (!csv.has(c)) {
                problems.atLine(MIXES, csv.headerLine(), c, "a column '" + c + "' in the header",
                        "none (header: " + String.join(",", csv.header()) + ")");
                complete = false;
            }
        }
        csv.warnUnknown(columns, warn);
        if (!complete) return List.of();
        if (csv.rows().isEmpty() && csv.dataRecords() == 0) {
            problems.atLine(MIXES, csv.headerLine(), null, "at least one mix after the header", "no rows");
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
                problems.atLine(MIXES, line, "mix", "a mix name", Problem.quote(mix));
                ok = false;
            }
            if (!Endpoints.CRUD.contains(endpoint)) {
                problems.atLine(MIXES, line, "endpoint", "one of the CRUD endpoints "
                        + String.join(", ", Endpoints.CRUD), Problem.quote(endpoint));
                ok = false;
            }
            Double weight = null;
            if (w.isEmpty()) {
                problems.atLine(MIXES, line, "weight", "a weight", Problem.quote(w));
            } else {
                weight = Cells.decimal(w, MIXES, line, "weight", problems);
                if (weight != null && weight < 0) {
                    problems.atLine(MIXES, line, "weight", "a non-negative weight", Problem.quote(w));
                    weight = null;
                }
            }
            if (!ok || weight == null) continue;
            String key = mix + "\u0000" + endpoint;
            Long first = seen.putIfAbsent(key, line);
            if (first != null) {
                problems.atLine(MIXES, line, "endpoint", "each endpoint once per mix",
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
                problems.atLine(MIXES, firstLine, "endpoint", "mix '" + mix + "' (" + span
                        + ") to give a weight to each of " + String.join(", ", Endpoints.CRUD),
                        "no row for " + String.join(", ", missing));
            }
            double sum = 0;
            for (double w : e.getValue().values()) sum += w;
            if (Math.abs(sum - 1.0) > WEIGHT_SUM_TOLERANCE) {
                problems.atLine(MIXES, firstLine, "weight", "the weights of mix '" + mix + "' (" + span
                        + ") to sum to 1 (within 1e-9)", "a sum of " + dev.tpm.codec.Num.csv(sum));
            }
            mixes.add(new Mix(mix, e.getValue()));
        }
        return mixes;
    }
}
