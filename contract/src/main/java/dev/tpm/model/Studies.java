package dev.tpm.model;

import java.util.List;
import java.util.Map;

/**
 * The studies of data.md's campaign.json {@code study} key (studies.md), and the seed each
 * published value of reference/published.csv comes from.
 */
public final class Studies {
    /** The paper's CRUD protocol (analysis.md sections 1-7); the default study. */
    public static final String PAPER = "paper";
    /** Seed 001, the wrk blog post. */
    public static final String HELLO_BLOG = "hello-blog";
    /** Seed 002, costajob/app-servers. */
    public static final String APP_SERVERS = "app-servers";
    /** Seed 001's "Things we didn't test", answered with the same harness (studies.md hello-blog-next). */
    public static final String HELLO_BLOG_NEXT = "hello-blog-next";
    /** Seed 003, the Node.js on Raspberry Pi guide. */
    public static final String NODE_PI = "node-pi";

    /** The seed studies, in the order of studies.md (and of the report). */
    public static final List<String> SEEDS = List.of(HELLO_BLOG, APP_SERVERS, HELLO_BLOG_NEXT, NODE_PI);

    /** published.csv's {@code source} of each seed study. */
    public static final Map<String, String> SOURCE = Map.of(
            HELLO_BLOG, "blog-014",
            APP_SERVERS, "costajob/app-servers",
            // the blog post's open questions: no published value of its own (ofSource finds hello-blog first)
            HELLO_BLOG_NEXT, "blog-014",
            NODE_PI, "node-pi-guide");

    /**
     * A system a seed measured that this package cannot build (studies.md: "one that cannot be
     * built here says why in the row"); its folder under servers/ says the same at more length.
     *
     * @param stack the stack id its folder and published.csv use
     * @param language the seed's language
     * @param server the seed's server
     * @param reason why it is not built, after "not built here: "
     */
    public record NotBuilt(String stack, String language, String server, String reason) {
        /** The text its rows print instead of a measured value. */
        public String text() {
            return "not built here: " + reason;
        }
    }

    /**
     * Per seed study, the systems it measured that no campaign can have: app-servers' Dart
     * HttpServer (servers/dart-httpserver/README.md: no Dart SDK in any registry reached here).
     */
    public static final Map<String, List<NotBuilt>> NOT_BUILT = Map.of(
            APP_SERVERS, List.of(new NotBuilt("dart-httpserver", "Dart", "HttpServer (dart:io), AOT", "no Dart SDK")));

    private Studies() {}

    /** The study's systems that cannot be built here, in studies.md's order; empty for most. */
    public static List<NotBuilt> notBuilt(String study) {
        return NOT_BUILT.getOrDefault(study, List.of());
    }

    /** The entry of {@code stack} among the study's systems not built here, if it is one. */
    public static java.util.Optional<NotBuilt> notBuilt(String study, String stack) {
        return notBuilt(study).stream().filter(n -> n.stack().equals(stack)).findFirst();
    }

    /** The study a published value belongs to: the seed whose source it names, else the paper. */
    public static String ofSource(String source) {
        for (String s : SEEDS) {
            if (SOURCE.get(s).equals(source)) return s;
        }
        return PAPER;
    }

    /** campaign.json's {@code study}, {@link #PAPER} when absent (data.md). */
    public static String of(Campaign c) {
        return c.studyId();
    }

    /** The published values of one study, in published.csv's order. */
    public static List<PublishedValue> published(List<PublishedValue> all, String study) {
        return all.stream().filter(p -> ofSource(p.source()).equals(study)).toList();
    }
}
