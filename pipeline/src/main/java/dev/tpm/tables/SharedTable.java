package dev.tpm.tables;

import dev.tpm.results.Results;
import java.util.Optional;

/** A table that is not one device's (mixes, devices, replication): written at the top of tables/. */
public interface SharedTable {
    /** File name without extension. */
    String name();

    /** Why the data lacks what the table needs (one line), or empty when it can be built. */
    Optional<String> lacking(Results results);

    TableModel build(Results results);
}
