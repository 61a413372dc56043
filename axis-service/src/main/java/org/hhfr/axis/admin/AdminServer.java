package org.hhfr.axis.admin;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admin endpoint of a node, on a port of its own (the JDK's HTTP server), for a load balancer and an
 * operator: {@code GET /metrics} (the Prometheus text format), {@code GET /health/live} (200 while the process
 * serves this endpoint) and {@code GET /health/ready} (200 when {@link Readiness} finds nothing wrong, else 503
 * with the one-line reason). Bounded: two threads and eight waiting exchanges (the server closes the connection
 * of one more), GET and HEAD only (else 405), request bodies never read; any other path is 404.
 */
public final class AdminServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AdminServer.class);
    private static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
    private static final String PLAIN_TEXT = "text/plain; charset=utf-8";
    private static final int THREADS = 2;
    private static final int QUEUED = 8;

    private final HttpServer server;
    private final ThreadPoolExecutor threads;
    private final PrometheusMeterRegistry registry;
    private final Readiness readiness;

    private AdminServer(HttpServer server, ThreadPoolExecutor threads, PrometheusMeterRegistry registry,
                        Readiness readiness) {
        this.server = server;
        this.threads = threads;
        this.registry = registry;
        this.readiness = readiness;
    }

    /**
     * Starts serving; takes over {@code readiness} ({@link #close()} closes it).
     *
     * @throws IOException when the port cannot be bound; it names the host and port
     */
    public static AdminServer start(AdminSettings settings, PrometheusMeterRegistry registry, Readiness readiness)
            throws IOException {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(settings.bindHost(), settings.port()), 16);
        } catch (IOException e) {
            readiness.close();
            throw new IOException("cannot serve the admin endpoint on " + settings.bindHost() + " port "
                    + settings.port() + ": " + e.getMessage(), e);
        }
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor threads = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(QUEUED), task -> {
                    Thread thread = new Thread(task, "hhfr-admin-" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                }, new ThreadPoolExecutor.AbortPolicy());
        threads.allowCoreThreadTimeOut(true);
        AdminServer admin = new AdminServer(server, threads, registry, readiness);
        server.createContext("/", admin::handle);
        server.setExecutor(threads);
        server.start();
        LOG.info("HHFR admin endpoint on {} port {}: /metrics, /health/ready, /health/live", settings.bindHost(),
                admin.port());
        return admin;
    }

    /** The bound port. */
    public int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            if (!"GET".equals(method) && !"HEAD".equals(method)) {
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                respond(exchange, 405, PLAIN_TEXT, "only GET and HEAD are served here\n");
                return;
            }
            switch (exchange.getRequestURI().getPath()) {
                case "/metrics" -> respond(exchange, 200, PROMETHEUS_TEXT, registry.scrape());
                case "/health/live" -> respond(exchange, 200, PLAIN_TEXT, "live\n");
                case "/health/ready" -> {
                    String problem = readiness.problem();
                    respond(exchange, problem == null ? 200 : 503, PLAIN_TEXT,
                            (problem == null ? "ready" : problem) + "\n");
                }
                default -> respond(exchange, 404, PLAIN_TEXT, "not found: /metrics, /health/ready, /health/live\n");
            }
        }
    }

    private static void respond(HttpExchange exchange, int status, String contentType, String body)
            throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        boolean head = "HEAD".equals(exchange.getRequestMethod());
        exchange.sendResponseHeaders(status, head ? -1 : bytes.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    /** Stops listening (exchanges under way get a second to finish) and stops the threads. */
    @Override
    public void close() {
        server.stop(1);
        threads.shutdownNow();
        readiness.close();
    }
}
