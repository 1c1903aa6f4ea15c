package dev.tpm.model;

import java.util.List;

/** Endpoint ids of data.md, in data.md's order (the order of every output). */
public final class Endpoints {
    public static final String POST_ITEM = "post_item";
    public static final String GET_ITEM = "get_item";
    public static final String GET_LIST = "get_list";
    public static final String PUT_ITEM = "put_item";
    public static final String DELETE_ITEM = "delete_item";
    /** The descriptive mixed workload: in group statistics, never in tests or weighted aggregates. */
    public static final String MIXED = "mixed";
    /** GET / plain text, for the hello-world studies. */
    public static final String HELLO = "hello";
    /** GET /json: {"message": "Hello from Pi", "timestamp": ms}, the node-pi study. */
    public static final String HELLO_JSON = "hello_json";
    /** GET /heavy: the sum of the square roots of 0..999999 as JSON, the node-pi study. */
    public static final String HEAVY = "heavy";
    /** GET /sleep: 50 ms of waiting without holding a CPU, then Hello, World! (seed 001's simulated I/O). */
    public static final String SLEEP = "sleep";

    /** The five CRUD endpoints that tests and weighted aggregates cover. */
    public static final List<String> CRUD = List.of(POST_ITEM, GET_ITEM, GET_LIST, PUT_ITEM, DELETE_ITEM);
    /** Every endpoint id data.md allows, in output order. */
    public static final List<String> ALL = List.of(POST_ITEM, GET_ITEM, GET_LIST, PUT_ITEM, DELETE_ITEM, MIXED, HELLO,
            HELLO_JSON, HEAVY, SLEEP);

    private Endpoints() {}

    public static boolean isKnown(String id) {
        return ALL.contains(id);
    }

    /** Position in output order; unknown ids sort last. */
    public static int order(String id) {
        int i = ALL.indexOf(id);
        return i < 0 ? ALL.size() : i;
    }
}
