package org.hhfr.benchmarks.transport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Messages per second of pipelined float-sum(100) over loopback, HHFR against its anchors (bare Netty, gRPC-java,
 * Aeron), in one run, with client and server CPU per message and bytes on the wire per message.
 *
 * <p>For each contender: its server and its client start in two JVMs of their own ({@link PeerMain}); the client
 * loads the server for the warm-up, then both report their process CPU time and counts at the start and the end
 * of the measurement. Bytes are counted afterwards, by a fresh client sending {@code --count} requests through a
 * counting relay ({@link Relay}). "UDP at 5% loss" runs its measurement through a relay dropping 5% of the
 * datagrams each way. Everything binds to 127.0.0.1; every wait is bounded; the run stops by itself.
 */
public final class TransportShootout {
    static final String HOST = "127.0.0.1";
    private static final long START_TIMEOUT_MILLIS = 60_000;

    private final ShootoutOptions options;
    private final Path logs;

    private TransportShootout(ShootoutOptions options, Path logs) {
        this.options = options;
        this.logs = logs;
    }

    public static void main(String[] args) throws Exception {
        ShootoutOptions options;
        try {
            options = ShootoutOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        Path logs = Files.createTempDirectory("hhfr-shootout-");
        String loadBefore = loadAverage();
        progress("peer logs in " + logs + "; load average " + loadBefore);
        List<ContenderResult> results = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        TransportShootout shootout = new TransportShootout(options, logs);
        for (Contender contender : options.contenders) {
            try {
                results.add(shootout.run(contender));
            } catch (IOException | RuntimeException e) {
                failures.add(contender.cliName() + ": " + e.getMessage());
                progress(contender.cliName() + " FAILED: " + e);
            }
        }
        System.out.print(new ShootoutReport(options, results, failures, String.join(" ", args), loadBefore,
                loadAverage()).markdown());
        System.exit(failures.isEmpty() ? 0 : 1);
    }

    private ContenderResult run(Contender contender) throws IOException, InterruptedException {
        String name = contender.cliName();
        try (PeerProcess server = PeerProcess.start(name + "-server", jvmOptions(contender),
                Arrays.asList("server", name, HOST), logs.resolve(name + "-server.log"))) {
            int port = Integer.parseInt(server.await("READY", START_TIMEOUT_MILLIS)[1]);
            ContenderResult.Builder result = measure(contender, server, port);
            countBytes(contender, server, port, result);
            return result.build();
        }
    }

    private ContenderResult.Builder measure(Contender contender, PeerProcess server, int port)
            throws IOException, InterruptedException {
        String name = contender.cliName();
        Relay relay = contender.loss > 0 ? relay(contender, port, contender.loss) : null;
        try (PeerProcess client = startClient(contender, server, relay != null ? relay.port() : port, 0,
                "-client")) {
            progress(name + ": warming up " + options.warmupMillis / 1000 + " s");
            Thread.sleep(options.warmupMillis);
            PeerProcess.Sample server0 = server.sample();
            PeerProcess.Sample client0 = client.sample();
            long relay0 = relay != null ? relay.cpuNanos() : 0;
            progress(name + ": measuring " + options.measureMillis / 1000 + " s");
            Thread.sleep(options.measureMillis);
            PeerProcess.Sample server1 = server.sample();
            PeerProcess.Sample client1 = client.sample();
            long relay1 = relay != null ? relay.cpuNanos() : 0;
            long messages = contender.oneWay ? server1.count - server0.count : client1.count - client0.count;
            if (messages <= 0) {
                throw new IOException(name + ": no message completed while measuring");
            }
            double seconds = ((client1.atNanos - client0.atNanos) + (server1.atNanos - server0.atNanos)) / 2e9;
            ContenderResult.Builder result = new ContenderResult.Builder(contender)
                    .messagesPerSecond(messages / seconds)
                    .clientMicros((client1.cpuNanos - client0.cpuNanos) / 1e3 / messages)
                    .serverMicros((server1.cpuNanos - server0.cpuNanos) / 1e3 / messages);
            if (relay != null) {
                result.relayMicros((relay1 - relay0) / 1e3 / messages);
            }
            progress(name + String.format(": %,.0f msg/s", messages / seconds));
            return result;
        } finally {
            if (relay != null) {
                relay.close();
            }
        }
    }

    /** A fresh client sends {@code --count} requests through a counting relay (lossy when the contender is). */
    private void countBytes(Contender contender, PeerProcess server, int port, ContenderResult.Builder result)
            throws IOException, InterruptedException {
        long count = options.countMessages;
        long receivedBefore = server.sample().count;
        try (Relay relay = relay(contender, port, contender.loss);
             PeerProcess client = startClient(contender, server, relay.port(), count, "-counting-client")) {
            client.await("DONE", 120_000);
            if (contender.oneWay) {
                awaitReceived(server, receivedBefore + count);
            }
            result.bytesPerRequest((double) relay.bytesToServer() / count);
            if (!contender.oneWay) {
                result.bytesPerReply((double) relay.bytesToClient() / count);
            }
            if (contender.udp) {
                result.datagramsPerRequest((double) relay.datagramsToServer() / count);
            }
        }
    }

    private static void awaitReceived(PeerProcess server, long expected) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (server.sample().count < expected) {
            if (System.nanoTime() > deadline) {
                throw new IOException("the server received fewer than " + expected + " messages");
            }
            Thread.sleep(20);
        }
    }

    private PeerProcess startClient(Contender contender, PeerProcess server, int port, long limit, String suffix)
            throws IOException, InterruptedException {
        String name = contender.cliName();
        String ticket = server.request("TICKET", 10_000)[1];
        PeerProcess client = PeerProcess.start(name + suffix, jvmOptions(contender),
                Arrays.asList("client", name, HOST, Integer.toString(port), ticket,
                        Integer.toString(options.window), Long.toString(limit)),
                logs.resolve(name + suffix + ".log"));
        try {
            client.await("READY", START_TIMEOUT_MILLIS);
        } catch (IOException e) {
            client.close();
            throw e;
        }
        return client;
    }

    private Relay relay(Contender contender, int port, double loss) throws IOException {
        return contender.udp ? new UdpRelay(HOST, port, loss, options.seed) : new TcpRelay(HOST, port);
    }

    /** The same heap and collector for every peer; Aeron's Agrona also wants a few JDK internals opened. */
    private static List<String> jvmOptions(Contender contender) {
        List<String> jvm = new ArrayList<>(Arrays.asList("-Xms512m", "-Xmx512m",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"));
        if (contender == Contender.AERON) {
            Collections.addAll(jvm, "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
                    "--add-opens", "java.base/java.util.zip=ALL-UNNAMED",
                    "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED");
        }
        return jvm;
    }

    private static String loadAverage() {
        try {
            String[] fields = new String(Files.readAllBytes(Paths.get("/proc/loadavg")), StandardCharsets.US_ASCII)
                    .trim().split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static void progress(String line) {
        System.err.println("[shootout] " + line);
    }
}
