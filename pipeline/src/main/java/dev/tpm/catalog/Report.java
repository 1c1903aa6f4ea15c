package dev.tpm.catalog;

import java.util.List;
import java.util.Objects;

/**
 * The report, figures/&lt;name&gt;.html, rendered last over the catalog and what the other
 * artifacts' builders handed on.
 *
 * @param template the template it is rendered from, a resource path on the class path
 */
public record Report(String name, Class<?> builder, String template, List<String> inputs) implements Artifact {
    public Report {
        Objects.requireNonNull(name);
        Objects.requireNonNull(builder);
        Objects.requireNonNull(template);
        inputs = List.copyOf(inputs);
    }

    @Override
    public Kind kind() {
        return Kind.REPORT;
    }

    @Override
    public Scope scope() {
        return Scope.RUN;
    }

    @Override
    public String folder() {
        return "figures";
    }

    @Override
    public List<String> extensions() {
        return List.of("html");
    }

    public String path() {
        return "figures/" + name + ".html";
    }
}
