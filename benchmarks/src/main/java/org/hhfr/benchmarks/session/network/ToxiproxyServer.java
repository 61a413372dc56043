package org.hhfr.benchmarks.session.network;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import eu.rekawek.toxiproxy.model.ToxicDirection;

/**
 * A {@code toxiproxy-server} process of this run, on 127.0.0.1 only, stopped by {@link #close} (and with the
 * JVM, as a last resort). Its proxies add the link's latency and bandwidth toxics in each direction. Toxiproxy
 * counts no bytes and delays no connection set-up, so the testbed puts a counting {@link ShapedTcpRelay} in
 * front of each proxy, shaped with {@link LinkShape#setUpOnly}.
 */
public final class ToxiproxyServer implements AutoCloseable {
    private static final String HOST = "127.0.0.1";
    private static final long START_TIMEOUT_MILLIS = 10_000;

    private final Process process;
    private final ToxiproxyClient client;
    private final AtomicInteger names = new AtomicInteger();

    private ToxiproxyServer(Process process, ToxiproxyClient client) {
        this.process = process;
        this.client = client;
    }

    /** @throws IOException the binary is missing or the server did not answer within 10 s */
    public static ToxiproxyServer start(Path binary) throws IOException {
        if (!Files.isExecutable(binary)) {
            throw new IOException("no Toxiproxy server at " + binary);
        }
        int port;
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(HOST, 0));
            port = probe.getLocalPort();
        }
        Process process = new ProcessBuilder(binary.toString(), "-host", HOST, "-port", Integer.toString(port))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        ProcessHandle handle = process.toHandle();
        Runtime.getRuntime().addShutdownHook(new Thread(handle::destroy, "toxiproxy-stop"));
        ToxiproxyClient client = new ToxiproxyClient(HOST, port);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
        while (true) {
            try {
                client.version();
                return new ToxiproxyServer(process, client);
            } catch (IOException e) {
                if (System.nanoTime() > deadline || !process.isAlive()) {
                    process.destroy();
                    throw new IOException("Toxiproxy did not start on " + HOST + ":" + port + ": " + e.getMessage());
                }
                sleep();
            }
        }
    }

    private static void sleep() throws IOException {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting Toxiproxy");
        }
    }

    /**
     * A proxy on a free port of 127.0.0.1 to {@code upstream} with the shape's delay each way and its rates
     * (Toxiproxy counts rates in kilobytes of 1,000 bytes per second, so they are rounded to that).
     *
     * @return the proxy's listening address
     */
    public InetSocketAddress proxy(InetSocketAddress upstream, LinkShape shape) throws IOException {
        Proxy proxy = client.createProxy("hhfr-" + names.incrementAndGet(), HOST + ":0",
                upstream.getHostString() + ":" + upstream.getPort());
        long latencyMillis = TimeUnit.NANOSECONDS.toMillis(shape.oneWayDelayNanos());
        if (latencyMillis > 0) {
            proxy.toxics().latency("latency-up", ToxicDirection.UPSTREAM, latencyMillis);
            proxy.toxics().latency("latency-down", ToxicDirection.DOWNSTREAM, latencyMillis);
        }
        if (shape.upBitsPerSecond() > 0) {
            proxy.toxics().bandwidth("rate-up", ToxicDirection.UPSTREAM, kilobytesPerSecond(shape.upBitsPerSecond()));
        }
        if (shape.downBitsPerSecond() > 0) {
            proxy.toxics().bandwidth("rate-down", ToxicDirection.DOWNSTREAM,
                    kilobytesPerSecond(shape.downBitsPerSecond()));
        }
        String listen = client.getProxy(proxy.getName()).getListen();
        return new InetSocketAddress(HOST, Integer.parseInt(listen.substring(listen.lastIndexOf(':') + 1)));
    }

    private static long kilobytesPerSecond(long bitsPerSecond) {
        return Math.max(1, Math.round(bitsPerSecond / 8_000.0));
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
