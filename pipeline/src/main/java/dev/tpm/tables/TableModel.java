package dev.tpm.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One paper table, independent of any output format: a caption, column headers (units included),
 * rows of cells that are already text (rounded by {@link Rounding}), and notes printed below.
 *
 * @param name file name without extension, e.g. {@code ratio}
 * @param caption one line naming the paper table it regenerates
 * @param rows every row has one cell per column
 * @param notes sentences printed below the table, in order
 */
public record TableModel(String name, String caption, List<Column> columns, List<Row> rows, List<String> notes) {

    /** How a column's cells are aligned: text left, numbers right. */
    public enum Align {
        LEFT,
        RIGHT
    }

    public record Column(String header, Align align) {
        public Column {
            Objects.requireNonNull(header);
            Objects.requireNonNull(align);
        }
    }

    /**
     * @param groupStart true when this row opens a new group (a rule above it in LaTeX); ignored
     *     for the first row
     */
    public record Row(List<String> cells, boolean groupStart) {
        public Row {
            cells = List.copyOf(cells);
        }
    }

    public TableModel {
        Objects.requireNonNull(name);
        Objects.requireNonNull(caption);
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        notes = List.copyOf(notes);
        if (columns.isEmpty()) throw new IllegalArgumentException("table " + name + " has no columns");
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).cells().size() != columns.size()) {
                throw new IllegalArgumentException("table " + name + " row " + (i + 1) + " has "
                        + rows.get(i).cells().size() + " cells, expected " + columns.size());
            }
        }
    }

    /** Builds a table row by row. */
    public static Builder builder(String name, String caption) {
        return new Builder(name, caption);
    }

    public static final class Builder {
        private final String name;
        private final String caption;
        private final List<Column> columns = new ArrayList<>();
        private final List<Row> rows = new ArrayList<>();
        private final List<String> notes = new ArrayList<>();
        private boolean nextStartsGroup;

        private Builder(String name, String caption) {
            this.name = name;
            this.caption = caption;
        }

        public Builder text(String header) {
            columns.add(new Column(header, Align.LEFT));
            return this;
        }

        public Builder number(String header) {
            columns.add(new Column(header, Align.RIGHT));
            return this;
        }

        /** The next row opens a new group. */
        public Builder group() {
            nextStartsGroup = true;
            return this;
        }

        public Builder row(List<String> cells) {
            rows.add(new Row(cells, nextStartsGroup));
            nextStartsGroup = false;
            return this;
        }

        public Builder row(String... cells) {
            return row(List.of(cells));
        }

        public Builder note(String note) {
            notes.add(note);
            return this;
        }

        public Builder notes(List<String> more) {
            notes.addAll(more);
            return this;
        }

        public TableModel build() {
            return new TableModel(name, caption, columns, rows, notes);
        }
    }
}
