package dev.tpm.figures;

import java.util.List;
import java.util.Objects;

/**
 * The stacks a figure leaves out for lack of values, and why, as data: the figures stage draws
 * {@link #sentence()} as the figure's second subtitle line and the caption ends with the same
 * sentence, so that a missing stack is never mistaken for one that was not measured. Built once by
 * the figure's builder ({@link FigureBuilder#leftOut}, {@link StudyFigure#leftOut}); nothing
 * parses it back out of a caption.
 *
 * @param reason why these stacks have no values, e.g. "no measured startup"
 * @param stacks the stacks left out, in the device's stack order
 */
public record LeftOut(String reason, List<Stack> stacks) {
    /** Nothing left out. */
    public static final LeftOut NONE = new LeftOut("", List.of());

    /** @param why this stack's own reason (weighted.csv's missing), empty when {@code reason} says it all */
    public record Stack(String id, String why) {
        public Stack {
            Objects.requireNonNull(id);
            Objects.requireNonNull(why);
        }
    }

    public LeftOut {
        Objects.requireNonNull(reason);
        stacks = List.copyOf(stacks);
    }

    /** The stacks, each with the same reason. */
    public static LeftOut of(String reason, List<String> stacks) {
        return new LeftOut(reason, stacks.stream().map(s -> new Stack(s, "")).toList());
    }

    public boolean isEmpty() {
        return stacks.isEmpty();
    }

    public List<String> stackIds() {
        return stacks.stream().map(Stack::id).toList();
    }

    /**
     * "Not shown (reason): a, b." ({@code "; "} between stacks when any carries its own reason,
     * e.g. "Not shown (no weighted value): rust (delete_item: 0 measured of 10 (10 error_rate))."),
     * or "" when nothing is left out.
     */
    public String sentence() {
        if (isEmpty()) return "";
        boolean itemised = stacks.stream().anyMatch(s -> !s.why().isEmpty());
        List<String> items = stacks.stream().map(s -> s.why().isEmpty() ? s.id() : s.id() + " (" + s.why() + ")").toList();
        return "Not shown (" + reason + "): " + String.join(itemised ? "; " : ", ", items) + ".";
    }

    /** The sentence as a caption's last one: " " + {@link #sentence()}, or "". */
    public String captionSuffix() {
        return isEmpty() ? "" : " " + sentence();
    }
}
