package dev.tpm.model;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What one request of an endpoint sends (data.md "Endpoints"): the one table that the load
 * generators (the wrk scripts, autocannon, oha) and the conformance check read, instead of each
 * writing the requests down again. {@code mixed} has no request of its own: it draws from the
 * CRUD endpoints by the declared mix.
 *
 * @param method the HTTP method
 * @param path the path; {@code {id}} stands for an item id of the seeded table
 * @param itemBody whether the request carries an item as JSON ({@code name}, {@code description},
 *     {@code price}, {@code quantity}; servers.md)
 */
public record EndpointRequest(String method, String path, boolean itemBody) {
    /** The placeholder of an item id in {@link #path}. */
    public static final String ID = "{id}";

    /** Every endpoint with a request of its own, in data.md's order. */
    public static final Map<String, EndpointRequest> ALL = table();

    private static Map<String, EndpointRequest> table() {
        Map<String, EndpointRequest> t = new LinkedHashMap<>();
        t.put(Endpoints.POST_ITEM, new EndpointRequest("POST", "/items", true));
        t.put(Endpoints.GET_ITEM, new EndpointRequest("GET", "/items/" + ID, false));
        t.put(Endpoints.GET_LIST, new EndpointRequest("GET", "/items", false));
        t.put(Endpoints.PUT_ITEM, new EndpointRequest("PUT", "/items/" + ID, true));
        t.put(Endpoints.DELETE_ITEM, new EndpointRequest("DELETE", "/items/" + ID, false));
        t.put(Endpoints.HELLO, new EndpointRequest("GET", "/", false));
        t.put(Endpoints.HELLO_JSON, new EndpointRequest("GET", "/json", false));
        t.put(Endpoints.HEAVY, new EndpointRequest("GET", "/heavy", false));
        t.put(Endpoints.SLEEP, new EndpointRequest("GET", "/sleep", false));
        return java.util.Collections.unmodifiableMap(t);
    }

    /** The request of {@code endpoint}; empty for {@code mixed} and unknown ids. */
    public static Optional<EndpointRequest> of(String endpoint) {
        return Optional.ofNullable(ALL.get(endpoint));
    }

    /** Whether the path names one item. */
    public boolean perItem() {
        return path.contains(ID);
    }

    /** The path for item {@code id}. */
    public String path(long id) {
        return path.replace(ID, Long.toString(id));
    }

    /** A plain GET of one fixed path: what a tool without request scripting (autocannon) can send. */
    public boolean plainGet() {
        return method.equals("GET") && !perItem() && !itemBody;
    }
}
