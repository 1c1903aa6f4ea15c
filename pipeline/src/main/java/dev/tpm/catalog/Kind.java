package dev.tpm.catalog;

/** What an artifact is, as outputs.md sorts them. */
public enum Kind {
    /** A machine-readable table at full precision (tables/*.csv). */
    TIDY_CSV,
    /** A paper table, as Markdown and LaTeX. */
    TABLE,
    /** A figure, as PNG and SVG. */
    FIGURE,
    /** The HTML page that shows every table and figure. */
    REPORT,
    /** The list of input files with their hashes. */
    INVENTORY
}
