package dev.tpm.catalog;

import dev.tpm.figures.FigureBuilder;
import dev.tpm.figures.StudyFigure;
import java.util.List;
import java.util.Optional;

/**
 * A figure, as PNG and SVG: one per device ({@link #device}), a seed study's
 * ({@link #study(StudyFigure, String...)}), or one across devices of no study ({@link #once}).
 */
public record Figure(Optional<FigureBuilder> perDevice, Optional<StudyFigure> ofStudy, List<String> inputs)
        implements Artifact {
    public Figure {
        if (perDevice.isPresent() == ofStudy.isPresent()) {
            throw new IllegalArgumentException("a figure is either per device or a study's");
        }
        inputs = List.copyOf(inputs);
    }

    public static Figure device(FigureBuilder figure, String... inputs) {
        return new Figure(Optional.of(figure), Optional.empty(), List.of(inputs));
    }

    public static Figure study(StudyFigure figure, String... inputs) {
        return new Figure(Optional.empty(), Optional.of(figure), List.of(inputs));
    }

    /** A figure drawn once across devices (its study() is ""), e.g. the units of one model. */
    public static Figure once(StudyFigure figure, String... inputs) {
        if (!figure.study().isEmpty()) throw new IllegalArgumentException(figure.name() + " is study " + figure.study() + "'s");
        return new Figure(Optional.empty(), Optional.of(figure), List.of(inputs));
    }

    @Override
    public String name() {
        return perDevice.map(FigureBuilder::name).orElseGet(() -> ofStudy.get().name());
    }

    @Override
    public Kind kind() {
        return Kind.FIGURE;
    }

    @Override
    public Scope scope() {
        if (perDevice.isPresent()) return Scope.DEVICE;
        return ofStudy.get().study().isEmpty() ? Scope.RUN : Scope.STUDY;
    }

    @Override
    public String study() {
        return ofStudy.map(StudyFigure::study).orElse("");
    }

    @Override
    public Class<?> builder() {
        return perDevice.<Object>map(f -> f).orElseGet(ofStudy::get).getClass();
    }

    @Override
    public String folder() {
        return "figures";
    }

    @Override
    public List<String> extensions() {
        return List.of("png", "svg");
    }
}
