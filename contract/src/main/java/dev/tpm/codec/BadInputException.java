package dev.tpm.codec;

import java.util.List;

/**
 * The data folder breaks the contract (spec/data.md). Carries every problem found in one pass,
 * in the order found (files in reading order, lines in file order).
 */
public final class BadInputException extends Exception {
    private final List<Problem> problems;

    public BadInputException(List<Problem> problems) {
        super(summary(problems));
        if (problems.isEmpty()) throw new IllegalArgumentException("no problems");
        this.problems = List.copyOf(problems);
    }

    public List<Problem> problems() {
        return problems;
    }

    private static String summary(List<Problem> problems) {
        if (problems.isEmpty()) return "no problems";
        String first = problems.get(0).toString();
        return problems.size() == 1 ? first : first + " (and " + (problems.size() - 1) + " more)";
    }
}
