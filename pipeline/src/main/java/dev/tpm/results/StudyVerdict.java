package dev.tpm.results;

import dev.tpm.model.PublishedValue;

/**
 * Comparability (analysis.md 7, version 4) of one seed study's published value on one device: the
 * row of its {@code replication_<study>} table (studies.md "Published values").
 *
 * @param device the device whose campaigns of the value's study measured it
 * @param published the row of reference/published.csv
 * @param differs the factors that differ, "factor: device value vs source value" joined by "; ";
 *     empty when comparable
 */
public record StudyVerdict(String device, PublishedValue published, boolean comparable, String differs) {}
