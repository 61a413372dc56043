package org.hhfr.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@link StreamNode} in a JVM of its own, on fixed ports so that it can be killed ({@code SIGKILL}) and started
 * again where clients expect it. Its output is echoed with its name.
 */
final class NodeProcess implements AutoCloseable {
    private static final long START_TIMEOUT_SECONDS = 60;

    final String name;
    final int tcpPort;
    final int udpPort;
    private final int redisPort;
    private final long claimLeaseMillis;
    private Process process;
    private CompletableFuture<Void> ready;

    NodeProcess(String name, int redisPort, int tcpPort, int udpPort, long claimLeaseMillis) {
        this.name = name;
        this.redisPort = redisPort;
        this.tcpPort = tcpPort;
        this.udpPort = udpPort;
        this.claimLeaseMillis = claimLeaseMillis;
    }

    /** Starts the node's JVM; {@link #awaitReady} waits until it serves. */
    synchronized void start() {
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = Arrays.asList(java, "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Xshare:auto", "-cp", System.getProperty("java.class.path"), StreamNode.class.getName(), name,
                String.valueOf(redisPort), String.valueOf(tcpPort), String.valueOf(udpPort),
                String.valueOf(claimLeaseMillis));
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start node " + name, e);
        }
        CompletableFuture<Void> started = new CompletableFuture<>();
        ready = started;
        Process running = process;
        Thread pump = new Thread(() -> echo(running, started), "node-" + name + "-output");
        pump.setDaemon(true);
        pump.start();
    }

    /** Waits until the node serves its endpoints. */
    void awaitReady() throws Exception {
        CompletableFuture<Void> started;
        synchronized (this) {
            started = ready;
        }
        started.get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /** {@code kill -9}: the node stops at once, in the middle of whatever it does. */
    void kill() throws InterruptedException {
        Process victim;
        synchronized (this) {
            victim = process;
        }
        victim.destroyForcibly();
        if (!victim.waitFor(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException("node " + name + " did not die");
        }
    }

    @Override
    public void close() throws InterruptedException {
        Process running;
        synchronized (this) {
            running = process;
        }
        if (running != null && running.isAlive()) {
            kill();
        }
    }

    private void echo(Process running, CompletableFuture<Void> started) {
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(running.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith("READY")) {
                    started.complete(null);
                }
                System.out.println("[node " + name + "] " + line);
            }
        } catch (IOException e) {
            // The node was killed: its output ends here.
        }
        started.completeExceptionally(new IllegalStateException("node " + name + " exited before it served"));
    }
}
