package dev.tpm.codec;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.QuoteMode;

/** A tidy CSV built row by row: RFC 4180 quoting only where needed, {@code \n} line ends. */
public final class CsvText {
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder()
            .setRecordSeparator("\n")
            .setQuoteMode(QuoteMode.MINIMAL)
            .get();

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    public CsvText(List<String> header) {
        this.header = List.copyOf(header);
    }

    public CsvText(String... header) {
        this(List.of(header));
    }

    /** Adds a row; its cells must already be text (see {@link Num}). */
    public CsvText row(List<String> cells) {
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException(
                    "row has " + cells.size() + " cells, header has " + header.size() + ": " + cells);
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    public CsvText row(String... cells) {
        return row(List.of(cells));
    }

    public int rowCount() {
        return rows.size();
    }

    /** One record as a line of text, with its {@code \n}. */
    public static String line(List<String> cells) {
        StringWriter out = new StringWriter();
        try (CSVPrinter printer = new CSVPrinter(out, FORMAT)) {
            printer.printRecord(cells);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    @Override
    public String toString() {
        StringWriter out = new StringWriter();
        try (CSVPrinter printer = new CSVPrinter(out, FORMAT)) {
            printer.printRecord(header);
            for (List<String> r : rows) printer.printRecord(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
