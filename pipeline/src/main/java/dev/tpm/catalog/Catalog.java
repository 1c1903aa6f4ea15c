package dev.tpm.catalog;

import dev.tpm.codec.CsvText;
import dev.tpm.figures.FigureBuilder;
import dev.tpm.figures.StudyFigure;
import dev.tpm.results.Results;
import dev.tpm.tables.DeviceTable;
import dev.tpm.tables.SharedTable;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Every artifact of a run, in the order a reader meets them in the report (each figure right after
 * the table it plots), with the lookups the stages, the report, {@code make verify} and the tests
 * share: the builders each stage runs, the paths a run may write, and the artifact behind a path.
 * No two artifacts share a file: {@code (folder, name, extension)} is unique.
 */
public final class Catalog {
    private final List<Artifact> artifacts;
    private final Map<String, Artifact> byKey = new HashMap<>();

    public Catalog(List<Artifact> artifacts) {
        this.artifacts = List.copyOf(artifacts);
        for (Artifact a : this.artifacts) {
            for (String ext : a.extensions()) {
                Artifact before = byKey.put(key(a.folder(), a.name(), ext), a);
                if (before != null) {
                    throw new IllegalArgumentException("two artifacts write " + a.folder() + "/" + a.name() + "." + ext);
                }
            }
        }
    }

    private static String key(String folder, String name, String ext) {
        return folder + "/" + name + "." + ext;
    }

    /** Every artifact, in report order. */
    public List<Artifact> artifacts() {
        return artifacts;
    }

    /** The artifacts of one kind, in report order. */
    public <A extends Artifact> List<A> all(Class<A> type) {
        return artifacts.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** The tables and figures written once per device, in report order. */
    public List<Artifact> perDevice() {
        return artifacts.stream().filter(a -> a.scope() == Scope.DEVICE).toList();
    }

    /** The tables the tables stage writes for every device. */
    public List<DeviceTable> deviceTables() {
        return all(Table.class).stream().flatMap(t -> t.perDevice().stream()).toList();
    }

    /** The tables the tables stage writes once: those across devices, then the seed studies'. */
    public List<SharedTable> onceTables() {
        return all(Table.class).stream().flatMap(t -> t.once().stream()).toList();
    }

    /** The tables written once that compare devices or belong to none (not a seed study's). */
    public List<SharedTable> tablesAcrossDevices() {
        return all(Table.class).stream().filter(t -> t.scope() == Scope.RUN).flatMap(t -> t.once().stream()).toList();
    }

    /** The figures the figures stage draws for every device. */
    public List<FigureBuilder> figureBuilders() {
        return all(Figure.class).stream().flatMap(f -> f.perDevice().stream()).toList();
    }

    /**
     * The tidy CSVs the stats stage writes, by path (tables/&lt;name&gt;.csv), in catalog order: each
     * built from the results, or empty when a run on them does not write it.
     */
    public Map<String, Function<Results, Optional<CsvText>>> tidyCsvs() {
        Map<String, Function<Results, Optional<CsvText>>> out = new LinkedHashMap<>();
        for (TidyCsv t : all(TidyCsv.class)) {
            out.put(t.path(), r -> t.written().test(r) ? Optional.of(t.build().apply(r)) : Optional.empty());
        }
        return out;
    }

    /** The seed studies' figures, each drawn only when a campaign of its study exists. */
    public List<StudyFigure> studyFigures() {
        return all(Figure.class).stream().flatMap(f -> f.ofStudy().stream()).toList();
    }

    public Report report() {
        List<Report> r = all(Report.class);
        if (r.size() != 1) throw new IllegalStateException("the catalog has " + r.size() + " reports");
        return r.get(0);
    }

    /** Every file a run on these results may write, each with its artifact; the data decides which it does. */
    public SortedMap<String, Artifact> files(Results results) {
        SortedMap<String, Artifact> files = new TreeMap<>();
        for (Artifact a : artifacts) {
            for (String p : a.paths(results)) files.put(p, a);
        }
        return files;
    }

    /**
     * The artifact that writes {@code path} (relative to the output root, e.g.
     * {@code tables/pi5-a/ram.md} or {@code figures/pareto.svg}), or empty when no artifact does.
     * A path with a device folder belongs to a per-device artifact.
     */
    public Optional<Artifact> owner(String path) {
        int slash = path.indexOf('/');
        int dot = path.lastIndexOf('.');
        if (slash < 0 || dot < slash) return Optional.empty();
        String folder = path.substring(0, slash);
        String stem = path.substring(slash + 1, dot);
        String ext = path.substring(dot + 1);
        int device = stem.lastIndexOf('/');
        Artifact a = byKey.get(key(folder, stem.substring(device + 1), ext));
        if (a == null) return Optional.empty();
        if (device >= 0 && (a.scope() != Scope.DEVICE || stem.indexOf('/') != device)) return Optional.empty();
        return Optional.of(a);
    }
}
