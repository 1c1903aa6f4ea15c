package dev.tpm.catalog;

import java.util.List;
import java.util.Objects;

/** tables/&lt;name&gt;.csv: every input file SHA256SUMS lists, with its hash, size and rows. */
public record Inventory(String name, Class<?> builder, List<String> inputs) implements Artifact {
    public Inventory {
        Objects.requireNonNull(name);
        Objects.requireNonNull(builder);
        inputs = List.copyOf(inputs);
    }

    @Override
    public Kind kind() {
        return Kind.INVENTORY;
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

    public String path() {
        return "tables/" + name + ".csv";
    }
}
