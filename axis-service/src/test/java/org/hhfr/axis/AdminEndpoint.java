package org.hhfr.axis;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Requests to a node's admin endpoint over HTTP, and samples read from its Prometheus text. */
final class AdminEndpoint {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final int port;

    AdminEndpoint(int port) {
        this.port = port;
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send("GET", path);
    }

    HttpResponse<String> send(String method, String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10))
                .method(method, HttpRequest.BodyPublishers.noBody())
                .build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** A scrape of {@code /metrics}, which must answer 200. */
    String scrape() throws IOException, InterruptedException {
        HttpResponse<String> response = get("/metrics");
        if (response.statusCode() != 200) {
            throw new AssertionError("/metrics answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    /**
     * The value of one series in a scrape, named as the text format writes it (labels in alphabetical order),
     * e.g. {@code hhfr_streams_open{transport="tcp"}}.
     */
    static double sample(String scrape, String series) {
        for (String line : scrape.split("\n")) {
            if (line.startsWith(series + " ")) {
                return Double.parseDouble(line.substring(series.length() + 1).trim().split(" ")[0]);
            }
        }
        throw new AssertionError("no series " + series + " in the scrape");
    }
}
