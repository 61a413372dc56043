package org.hhfr.benchmarks.session;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import org.hhfr.benchmarks.session.network.Traffic;
import org.hhfr.benchmarks.session.rival.GrpcSession;
import org.hhfr.benchmarks.session.rival.RestJsonSession;
import org.hhfr.benchmarks.session.rival.RivalSession;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Mode;
import org.hhfr.client.Operation;
import org.hhfr.client.Session;
import org.hhfr.streamer.Message;

/**
 * Runs one session of a cell against a profile's servers, the paper's way: the client prepares the request of
 * array size x, then opens the session and sends it n times, one after the other, checking every answer. The time
 * runs from opening (connection set-up and, for HHFR, negotiation included) to the last answer; pipelined
 * modes send every request at once and then wait. Bytes are
 * counted on the session's link from opening to the end of close (at the relays, or whole IP packets at an
 * emulated link's device). Client CPU is the calling thread's plus the client
 * library's own threads' ({@code hhfr-tcp-*}, {@code hhfr-udp-*}, {@code hhfr-timer}, {@code hhfr-call}) and
 * the gRPC rival's event loop ({@link GrpcSession#THREAD_PREFIX}), sampled just before close. The rivals
 * (gRPC-java, REST JSON) open their session inside the timed part too: the channel or connection is created
 * there and connected by the first call.
 */
final class SessionRunner {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;
    private static final int READ_TIMEOUT_MILLIS = 30_000;
    private static final long CALL_TIMEOUT_MILLIS = 60_000;
    /** The largest PoI download (1,884 records) is about 1.2 MB of XML. */
    private static final int MAX_MESSAGE_BYTES = 4 << 20;

    private final ServerPaths paths;

    SessionRunner(ServerPaths paths) {
        this.paths = paths;
    }

    /** @throws IOException a call failed (a wrong answer is counted, not thrown) */
    SessionSample run(Cell cell) throws IOException {
        BenchMode mode = cell.mode();
        Object value = cell.workload().requestValue(cell.arraySize());
        Object expected = cell.workload().expectedAnswer(value);
        if (mode.transport() == BenchMode.Transport.GRPC || mode.transport() == BenchMode.Transport.REST) {
            return rival(cell, value, expected);
        }
        Operation operation = paths.operation(cell.workload());
        Message request = Message.of(operation.request()).set(0, value).build();
        if (mode == BenchMode.SOAP_NEW_CONN) {
            return freshConnections(cell, operation, request, expected);
        }
        Mode transport = switch (mode.transport()) {
            case HHFR_TCP -> Mode.HHFR_TCP;
            case HHFR_UDP -> Mode.HHFR_UDP;
            case SOAP -> Mode.SOAP;
            case GRPC, REST -> throw new IllegalStateException(mode.label() + " is a rival's, not the library's");
        };
        try (SessionLink link = mode.isEncrypted() ? paths.openHttpsLink() : paths.openLink();
             HhfrClient client = client(link, cell.workload(), transport)) {
            if (mode.isWarm()) {
                prime(client, operation, request);
            }
            return measured(link, cell, client, operation, request, expected, mode.isPipelined());
        }
    }

    /**
     * A client of the library with its defaults but the limits and preferred modes of the bench: optimistic
     * negotiation, so a cold session's first call carries the offer. Calls made while it is out (a pipelined
     * session's other requests) wait for its answer and then stream.
     */
    private HhfrClient client(SessionLink link, SessionWorkload workload, Mode mode) {
        HhfrClient.Builder builder = HhfrClient.builder(link.serviceUrl(workload))
                .connectTimeoutMillis(CONNECT_TIMEOUT_MILLIS)
                .readTimeoutMillis(READ_TIMEOUT_MILLIS)
                .callTimeoutMillis(CALL_TIMEOUT_MILLIS)
                .maxMessageBytes(MAX_MESSAGE_BYTES)
                .preferredModes(mode == Mode.SOAP ? new Mode[] {Mode.SOAP} : new Mode[] {mode, Mode.SOAP});
        if (link.trust() != null) {
            builder.sslSocketFactory(link.trust());
        }
        return builder.build();
    }

    /**
     * Makes the client a returning one, as an app that shares its client (as it should) is: an unmeasured session
     * of two calls (the stream opens after the first) leaves a resumption ticket, and what its stream learned of
     * the path, in the client. gRPC's warm start likewise keeps the connection, with its TCP state, that an
     * unmeasured call opened.
     */
    private static void prime(HhfrClient client, Operation operation, Message request) throws IOException {
        try (Session session = client.open(operation)) {
            session.call(request);
            session.call(request);
        }
    }

    private SessionSample measured(SessionLink link, Cell cell, HhfrClient client, Operation operation,
            Message request, Object expected, boolean pipelined) throws IOException {
        Traffic.Counts before = link.traffic().plus(paths.streamTraffic());
        Traffic.Counts packetsBefore = link.packets();
        int connectionsBefore = link.connections() + paths.streamConnections();
        long cpuBefore = THREADS.getCurrentThreadCpuTime() + clientThreadsCpuNanos();
        int wrong = 0;
        long started = System.nanoTime();
        double millis;
        double cpuMillis;
        String endedOn;
        try (Session session = client.open(operation)) {
            if (pipelined) {
                wrong += pipelined(session, cell.workload(), request, expected, cell.messages());
            } else {
                for (int i = 0; i < cell.messages(); i++) {
                    wrong += isRight(cell.workload(), session.call(request), expected) ? 0 : 1;
                }
            }
            millis = (System.nanoTime() - started) / 1e6;
            cpuMillis = (THREADS.getCurrentThreadCpuTime() - cpuBefore + clientThreadsCpuNanos()) / 1e6;
            endedOn = label(session.mode());
        }
        Traffic.Counts bytes = link.traffic().plus(paths.streamTraffic()).minus(before);
        int connections = link.connections() + paths.streamConnections() - connectionsBefore;
        Traffic.Counts packets = packetsBefore.up() == SessionSample.NOT_COUNTED ? packetsBefore
                : link.packets().minus(packetsBefore);
        return new SessionSample(millis, bytes.up(), bytes.down(), connections, cpuMillis, endedOn, wrong,
                packets.up(), packets.down());
    }

    /** Sends every request at once, then waits for the answers; returns how many were wrong. */
    private static int pipelined(Session session, SessionWorkload workload, Message request, Object expected,
            int messages)
            throws IOException {
        List<CompletableFuture<Message>> answers = new ArrayList<>();
        for (int i = 0; i < messages; i++) {
            answers.add(session.callAsync(request));
        }
        int wrong = 0;
        for (CompletableFuture<Message> answer : answers) {
            try {
                wrong += isRight(workload, answer.get(CALL_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS), expected) ? 0 : 1;
            } catch (ExecutionException e) {
                throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
            } catch (TimeoutException e) {
                throw new IOException("no answer within " + CALL_TIMEOUT_MILLIS + " ms");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for answers");
            }
        }
        return wrong;
    }

    private SessionSample freshConnections(Cell cell, Operation operation, Message request, Object expected)
            throws IOException {
        try (SessionLink link = paths.openLink()) {
            FreshConnectionSoapClient client = new FreshConnectionSoapClient(
                    link.address(),
                    "/axis2/services/" + cell.workload().service(), operation);
            long cpuBefore = THREADS.getCurrentThreadCpuTime();
            int wrong = 0;
            long started = System.nanoTime();
            for (int i = 0; i < cell.messages(); i++) {
                wrong += isRight(cell.workload(), client.call(request), expected) ? 0 : 1;
            }
            double millis = (System.nanoTime() - started) / 1e6;
            double cpuMillis = (THREADS.getCurrentThreadCpuTime() - cpuBefore) / 1e6;
            Traffic.Counts bytes = link.traffic();
            Traffic.Counts packets = link.packets();
            return new SessionSample(millis, bytes.up(), bytes.down(), link.connections(), cpuMillis, "soap", wrong,
                    packets.up(), packets.down());
        }
    }

    /** A session of gRPC-java or REST JSON, through its own relay to the rival's server. */
    private SessionSample rival(Cell cell, Object value, Object expected) throws IOException {
        BenchMode mode = cell.mode();
        SessionWorkload workload = cell.workload();
        try (SessionLink link = mode.transport() == BenchMode.Transport.GRPC
                ? paths.openGrpcLink() : paths.openRestLink()) {
            Traffic.Counts before = new Traffic.Counts(0, 0);
            Traffic.Counts packetsBefore = before;
            int connectionsBefore = 0;
            AtomicInteger wrong = new AtomicInteger();
            long cpuBefore = THREADS.getCurrentThreadCpuTime();
            long started = System.nanoTime();
            double millis;
            double cpuMillis;
            try (RivalSession session = mode.isWarm() ? GrpcSession.returning(link.address(), workload, value)
                    : rivalSession(mode, link, workload)) {
                if (mode.isWarm()) {
                    before = link.traffic();
                    packetsBefore = link.packets();
                    connectionsBefore = link.connections();
                    cpuBefore = THREADS.getCurrentThreadCpuTime() + clientThreadsCpuNanos();
                    started = System.nanoTime();
                }
                session.call(value, cell.messages(), answer -> {
                    if (!Objects.equals(workload.answerOfReturned(answer), expected)) {
                        wrong.incrementAndGet();
                    }
                });
                millis = (System.nanoTime() - started) / 1e6;
                cpuMillis = (THREADS.getCurrentThreadCpuTime() - cpuBefore + clientThreadsCpuNanos()) / 1e6;
            }
            Traffic.Counts bytes = link.traffic().minus(before);
            Traffic.Counts packets = link.packets();
            packets = packets.up() == SessionSample.NOT_COUNTED ? packets : packets.minus(packetsBefore);
            return new SessionSample(millis, bytes.up(), bytes.down(), link.connections() - connectionsBefore,
                    cpuMillis, mode.transport().label(), wrong.get(), packets.up(), packets.down());
        }
    }

    private static RivalSession rivalSession(BenchMode mode, SessionLink link, SessionWorkload workload)
            throws IOException {
        return switch (mode) {
            case GRPC_BIDI -> GrpcSession.bidiStreaming(link.address(), workload);
            case GRPC_UNARY -> GrpcSession.unary(link.address(), workload);
            case REST_JSON -> RestJsonSession.open(link.address(), workload);
            default -> throw new IllegalArgumentException(mode.label() + " is no rival mode");
        };
    }

    private static boolean isRight(SessionWorkload workload, Message response, Object expected) {
        return Objects.equals(workload.answerOf(response), expected);
    }

    private static String label(Mode mode) {
        return switch (mode) {
            case HHFR_TCP -> "hhfr-tcp";
            case HHFR_UDP -> "hhfr-udp";
            case SOAP -> "soap";
        };
    }

    /** CPU of the client libraries' live threads (the servers' threads have other names). */
    private static long clientThreadsCpuNanos() {
        long total = 0;
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            String name = thread.getName();
            if (name.startsWith("hhfr-tcp-") || name.startsWith("hhfr-udp-") || name.equals("hhfr-timer")
                    || name.equals("hhfr-call") || name.startsWith(GrpcSession.THREAD_PREFIX)) {
                long cpu = THREADS.getThreadCpuTime(thread.getId());
                total += Math.max(cpu, 0);
            }
        }
        return total;
    }
}
