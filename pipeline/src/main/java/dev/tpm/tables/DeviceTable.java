package dev.tpm.tables;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.util.Optional;

/** A paper table of one device: written to tables/&lt;prefix&gt;&lt;name&gt;.md and .tex. */
public interface DeviceTable {
    /** File name without extension. */
    String name();

    /** Why this device's data lacks what the table needs (one line), or empty when it can be built. */
    Optional<String> lacking(Results results, DeviceResults device);

    TableModel build(Results results, DeviceResults device);

    /**
     * Whether the tables stage says in a line of its own that this table was left out; false for a
     * table whose absence another stage already reported (phase 4's: one line for all of them).
     */
    default boolean reportsLacking() {
        return true;
    }
}
