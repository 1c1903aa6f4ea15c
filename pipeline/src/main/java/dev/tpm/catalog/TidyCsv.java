package dev.tpm.catalog;

import dev.tpm.codec.CsvText;
import dev.tpm.results.Results;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A tidy CSV of outputs.md, tables/&lt;name&gt;.csv, written by the stats stage.
 *
 * @param build the method that builds it, e.g. {@code TidyCsvs::groupStats}
 * @param builder the class that holds that method
 * @param written whether a run on these results writes it (the phase-4 and phase-5 files need their phase)
 */
public record TidyCsv(String name, Function<Results, CsvText> build, Class<?> builder, List<String> inputs,
        Predicate<Results> written) implements Artifact {
    public TidyCsv {
        Objects.requireNonNull(name);
        Objects.requireNonNull(build);
        Objects.requireNonNull(builder);
        inputs = List.copyOf(inputs);
        Objects.requireNonNull(written);
    }

    /** A tidy CSV every run writes, as its header alone when its data is absent. */
    public TidyCsv(String name, Function<Results, CsvText> build, Class<?> builder, List<String> inputs) {
        this(name, build, builder, inputs, r -> true);
    }

    /** The same file, written only when {@code condition} holds. */
    public TidyCsv when(Predicate<Results> condition) {
        return new TidyCsv(name, build, builder, inputs, condition);
    }

    @Override
    public Kind kind() {
        return Kind.TIDY_CSV;
    }

    @Override
    public Scope scope() {
        return Scope.RUN;
    }

    @Override
    public String folder() {
        return "tables";
    }

    @Override
    public List<String> extensions() {
        return List.of("csv");
    }

    /** tables/&lt;name&gt;.csv */
    public String path() {
        return "tables/" + name + ".csv";
    }
}
