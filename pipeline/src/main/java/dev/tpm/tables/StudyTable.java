package dev.tpm.tables;

import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import java.util.Optional;

/**
 * A table of one seed study (studies.md), written at the top of tables/ only when a campaign of
 * that study exists; the report shows it under the study's heading.
 */
public abstract class StudyTable implements SharedTable {
    /** campaign.json's study this table belongs to. */
    public abstract String study();

    @Override
    public Optional<String> lacking(Results r) {
        return StudyScope.of(r, study()).present()
                ? Optional.empty()
                : Optional.of("no campaign of study " + study());
    }

    /** The caption's tail naming the devices and campaigns, and that they are not the seed's machines. */
    static String from(StudyScope s) {
        return " Devices: " + s.describe() + "." + (s.imported() ? " Some campaigns were imported from saved load-generator outputs." : "");
    }
}
