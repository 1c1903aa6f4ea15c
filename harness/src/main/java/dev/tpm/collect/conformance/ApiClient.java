package dev.tpm.collect.conformance;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** HTTP/1.1 to one server under check: a request in, its status, Content-Type and body out. */
final class ApiClient {
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

    /** One answer of the server. */
    record Answer(int status, String contentType, String body) {}

    private final String base;
    private final HttpClient http;

    ApiClient(String host, int port) {
        this.base = "http://" + host + ":" + port;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(REQUEST_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** {@code jsonBody} null: no body; else sent as application/json. */
    Answer send(String method, String path, String jsonBody) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(REQUEST_TIMEOUT);
        if (jsonBody == null) {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(jsonBody));
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), r.headers().firstValue("Content-Type").orElse(null), r.body());
    }
}
