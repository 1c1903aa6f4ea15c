package dev.tpm.codec;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Collects problems so that one pass reports all of them (ingest), or, made by
 * {@link #failFast()}, stops at the first (a harness that must not start on a bad preset).
 * Not thread-safe.
 */
public final class Problems {
    private final List<Problem> list = new ArrayList<>();
    private final boolean failFast;

    public Problems() {
        this(false);
    }

    private Problems(boolean failFast) {
        this.failFast = failFast;
    }

    /** Problems whose first {@link #add} throws {@link Stop} with that problem. */
    public static Problems failFast() {
        return new Problems(true);
    }

    /** The first problem of a {@link #failFast()} collection; the message is the problem's text. */
    public static final class Stop extends RuntimeException {
        private final transient Problem problem;

        Stop(Problem problem) {
            super(problem.toString());
            this.problem = problem;
        }

        public Problem problem() {
            return problem;
        }
    }

    public void add(Problem p) {
        list.add(p);
        if (failFast) throw new Stop(p);
    }

    public void addAll(Collection<Problem> ps) {
        list.addAll(ps);
    }

    /** {@code file line N, column c: expected E, found F}. */
    public void atLine(String file, long line, String column, String expected, String found) {
        add(Problem.line(file, line, column, "expected " + expected + ", found " + found));
    }

    /** {@code file $.path: expected E, found F}. */
    public void atJson(String file, String path, String expected, String found) {
        add(Problem.json(file, path, "expected " + expected + ", found " + found));
    }

    public void atFile(String file, String expected, String found) {
        add(Problem.file(file, "expected " + expected + ", found " + found));
    }

    public int size() {
        return list.size();
    }

    public boolean isEmpty() {
        return list.isEmpty();
    }

    public List<Problem> all() {
        return List.copyOf(list);
    }

    public void throwIfAny() throws BadInputException {
        if (!list.isEmpty()) throw new BadInputException(list);
    }
}
