package org.hhfr.benchmarks.session.rival;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The REST rival's server: each operation a POST of a JSON body ({@link JsonOperation}) over HTTP/1.1 with
 * keep-alive, on the JDK's built-in server with a pool of handler threads. Bodies over 1 MiB are refused.
 *
 * <p>The JDK's server writes a response's head and body in two writes; without {@code TCP_NODELAY} the body
 * waits for the peer's delayed ACK of the head (about 45 ms a call here), so {@link #start} turns on the
 * server's documented {@code sun.net.httpserver.nodelay} property. It is read when the JVM's first server is
 * created: a JDK server started earlier in the same JVM without it would leave the rival that slow.
 */
public final class RestJsonServer implements AutoCloseable {
    static final int MAX_REQUEST_BYTES = 1 << 20;
    private static final int HANDLER_THREADS = 4;

    private final HttpServer server;
    private final ExecutorService handlers;
    private final ObjectMapper json = new ObjectMapper();

    private RestJsonServer(HttpServer server, ExecutorService handlers) {
        this.server = server;
        this.handlers = handlers;
    }

    /** @throws IOException the port could not be bound */
    public static RestJsonServer start(String host) throws IOException {
        System.setProperty("sun.net.httpserver.nodelay", "true");
        AtomicInteger threads = new AtomicInteger();
        ExecutorService handlers = Executors.newFixedThreadPool(HANDLER_THREADS, task -> {
            Thread thread = new Thread(task, "rest-json-server-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        HttpServer http = HttpServer.create(new InetSocketAddress(host, 0), 64);
        RestJsonServer server = new RestJsonServer(http, handlers);
        http.createContext("/", server::handle);
        http.setExecutor(handlers);
        http.start();
        return server;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonOperation operation = JsonOperation.at(exchange.getRequestURI().getPath());
            if (operation == null) {
                reply(exchange, 404, "no operation at " + exchange.getRequestURI().getPath());
            } else if (!"POST".equals(exchange.getRequestMethod())) {
                exchange.getResponseHeaders().set("Allow", "POST");
                reply(exchange, 405, "POST a JSON body");
            } else {
                byte[] body = readBody(exchange.getRequestBody());
                if (body == null) {
                    reply(exchange, 413, "bodies are limited to " + MAX_REQUEST_BYTES + " bytes");
                    return;
                }
                Object answer;
                try {
                    answer = operation.serve(json.readValue(body, operation.requestType()));
                } catch (JsonProcessingException e) {
                    reply(exchange, 400, "not a " + operation.requestType().getSimpleName() + ": " + e.getOriginalMessage());
                    return;
                } catch (IllegalArgumentException e) {
                    reply(exchange, 400, e.getMessage());
                    return;
                }
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                send(exchange, 200, json.writeValueAsBytes(answer));
            }
        }
    }

    /** @return null when the body is over the limit */
    private static byte[] readBody(InputStream in) throws IOException {
        byte[] body = in.readNBytes(MAX_REQUEST_BYTES + 1);
        return body.length > MAX_REQUEST_BYTES ? null : body;
    }

    private static void reply(HttpExchange exchange, int status, String message) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        send(exchange, status, message.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdown();
        try {
            handlers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
