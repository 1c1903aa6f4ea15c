package dev.tpm.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * outputs.md version 6's rules for text, on README.md's results section: no sentence calls a finding
 * "confirmed" across the units of a model that has no interval in tables/units.csv (it names one of
 * the model's units, or speaks of units or VMs), and none says "memory carries" (idle RSS carries;
 * peak RSS under load does not for every stack).
 */
class ReadmeClaimsTest {
    private static final Pattern CONFIRMED = Pattern.compile("\\bconfirm(ed|s)?\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern UNIT_CELL = Pattern.compile("\\| ([A-Za-z0-9._-]+): ");

    /** The sentences of a text (split after . ! ? followed by a space or a line end), whitespace collapsed. */
    static List<String> sentences(String text) {
        List<String> out = new ArrayList<>();
        for (String s : text.replaceAll("\\s+", " ").split("(?<=[.!?])\\s+(?=[-*A-Z`(])")) if (!s.isBlank()) out.add(s.strip());
        return out;
    }

    /**
     * The sentences that break the rules: "confirmed" beside a unit of a model without an interval
     * (or beside the words unit, units, VM, VMs), and "memory carries".
     */
    static List<String> violations(String section, Set<String> unitsWithoutInterval) {
        List<String> out = new ArrayList<>();
        for (String s : sentences(section)) {
            String lower = s.toLowerCase(Locale.ROOT);
            boolean aboutUnits = lower.matches(".*\\b(units?|vms?|model)\\b.*")
                    || unitsWithoutInterval.stream().anyMatch(s::contains);
            boolean confirmed = CONFIRMED.matcher(s).find() && aboutUnits && !unitsWithoutInterval.isEmpty();
            if (lower.contains("memory carries") || confirmed) out.add(s);
        }
        return out;
    }

    /** The units (device ids) of every model of tables/units.csv with a row that has no interval (lo empty). */
    static Set<String> unitsWithoutInterval() throws IOException {
        List<String> csv = Files.readAllLines(ReadmeResultsTest.ROOT.resolve("tables/units.csv"), StandardCharsets.UTF_8);
        List<String> header = List.of(csv.get(0).split(",", -1));
        int model = header.indexOf("model");
        int lo = header.indexOf("lo");
        Set<String> models = new TreeSet<>();
        for (String line : csv.subList(1, csv.size())) {
            String[] cells = line.split(",", -1); // units.csv's model, mix, metric, stack and numbers hold no comma
            if (cells[lo].isEmpty()) models.add(cells[model]);
        }
        Set<String> units = new TreeSet<>();
        if (models.isEmpty()) return units;
        String table = Files.readString(ReadmeResultsTest.ROOT.resolve("tables/units.md"), StandardCharsets.UTF_8);
        for (String line : table.lines().toList()) {
            if (models.stream().noneMatch(m -> line.startsWith("| " + m.replace("_", "\\_") + " |"))) continue;
            Matcher u = UNIT_CELL.matcher(line);
            while (u.find()) units.add(u.group(1));
        }
        units.addAll(models);
        return units;
    }

    @Test
    void theResultsSectionCallsNothingConfirmedAcrossUnitsWithoutAnInterval() throws IOException {
        String readme = Files.readString(ReadmeResultsTest.ROOT.resolve("README.md"), StandardCharsets.UTF_8);
        Set<String> units = unitsWithoutInterval();
        assertFalse(units.isEmpty(), "the shipped units.csv has a model without an interval: the rule applies");
        assertEquals(List.of(), violations(ReadmeResultsTest.section(readme), units));
    }

    /** The check fails the sentences of the version 5 README that said more than the data. */
    @Test
    void theCheckFailsWhatItIsFor() {
        Set<String> units = Set.of("x86-vm-2c-c", "x86-vm-2c-f", "x86-vm-2c");
        String v5 = "- **Memory carries: confirmed.** Idle RSS is 1.00 to 1.01 times `x86-vm-2c-c`'s on both later\n"
                + "  units for every stack. - **The startup order: confirmed; its times do not carry.** All three units start"
                + " rust first. Rust leads Go on `x86-vm-2c-f`.";
        List<String> found = violations(v5, units);
        assertEquals(2, found.size(), found.toString());
        assertFalse(found.get(1).contains("Rust leads"), found.toString());
        assertEquals(List.of(), violations("Rust leads Go by 4.57 times on `x86-vm-2c-f`. Idle RSS carries.", units));
        assertEquals(List.of(), violations("The startup order is confirmed on every VM.", Set.of()), "a model with an interval");
    }
}
