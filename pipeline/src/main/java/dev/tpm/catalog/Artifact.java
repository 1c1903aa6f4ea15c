package dev.tpm.catalog;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.util.ArrayList;
import java.util.List;

/**
 * One entry of the catalog: an artifact of outputs.md, with the class that builds it and the parts
 * of the results it reads. A per-device artifact stands for one file set per device.
 */
public sealed interface Artifact permits TidyCsv, Table, Figure, Report, Inventory {
    /** The file stem, as outputs.md names the artifact, e.g. {@code ram}, {@code group_stats}. */
    String name();

    Kind kind();

    Scope scope();

    /**
     * What the builder reads: components of {@code Results} or {@code DeviceResults} (e.g.
     * {@code stackPooled}), or of {@code Facts} for what comes straight from data/
     * (e.g. {@code inventory}).
     */
    List<String> inputs();

    /** The class whose code builds it: where a reader goes from the file's name. */
    Class<?> builder();

    /** {@code tables} or {@code figures}. */
    String folder();

    /** The formats written, without the dot, in the order they are written. */
    List<String> extensions();

    /** The seed study of a {@link Scope#STUDY} artifact, else "". */
    default String study() {
        return "";
    }

    /** folder/prefix name, without extension: the stem of one device's copy (or the one copy). */
    default String stem(Results results, DeviceResults device) {
        String prefix = scope() == Scope.DEVICE ? results.devicePrefix(device.id()) : "";
        return folder() + "/" + prefix + name();
    }

    /** Every file this artifact may be written as on these results; the data decides which are. */
    default List<String> paths(Results results) {
        List<String> stems = new ArrayList<>();
        if (scope() == Scope.DEVICE) {
            for (DeviceResults d : results.devices()) stems.add(stem(results, d));
        } else {
            stems.add(folder() + "/" + name());
        }
        List<String> paths = new ArrayList<>();
        for (String s : stems) {
            for (String ext : extensions()) paths.add(s + "." + ext);
        }
        return paths;
    }
}
