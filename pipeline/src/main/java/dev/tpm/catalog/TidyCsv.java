package dev.tpm.catalog;

import dev.tpm.codec.CsvText;
import dev.tpm.results.Results;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A tidy CSV of outputs.md, tables/&lt;name&gt;.csv, written by the stats stage.
 *
 * @param build the method that builds it, e.g. {@code TidyCsvs::groupStats}
 * @param builder the class that holds that method
 */
public record TidyCsv(String name, Function<Results, CsvText> build, Class<?> builder, List<String> inputs)
        implements Artifact {
    public TidyCsv {
        Objects.requireNonNull(name);
        Objects.requireNonNull(build);
        Objects.requireNonNull(builder);
        inputs = List.copyOf(inputs);
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
