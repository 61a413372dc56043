package org.hhfr.cli;

import java.io.IOException;
import java.util.List;

import org.hhfr.client.HhfrClient;
import org.hhfr.client.HhfrException;
import org.hhfr.client.Mode;
import org.hhfr.client.Operation;
import org.hhfr.client.Session;
import org.hhfr.streamer.Message;

/**
 * Runs one measured session with the client library: reads the operation from the service's WSDL, builds
 * the request from command-line texts, then opens a session (negotiating a stream first unless the mode is
 * SOAP), sends the request {@code messages} times and closes. The time runs from opening the session to
 * the last answer; the bytes count everything on the client's sockets from opening to the end of close
 * (negotiation, stream handshake, messages, stream termination), but not the WSDL fetch.
 */
final class SessionRunner {
    private static final int CONNECT_TIMEOUT_MILLIS = 5_000;
    private static final int READ_TIMEOUT_MILLIS = 15_000;
    private static final long CALL_TIMEOUT_MILLIS = 20_000;

    private SessionRunner() {
    }

    /**
     * @throws IllegalArgumentException the texts do not fit the operation's request
     * @throws HhfrException            the service cannot be reached, faults, or does not have the operation
     * @throws IOException              the bytes could not be counted
     */
    static SessionReport run(ServiceAddress address, CallMode requestedMode, List<String> texts, int messages)
            throws IOException {
        if (messages < 1) {
            throw new IllegalArgumentException("--messages must be at least 1, not " + messages);
        }
        boolean datagramsCounted = DatagramTraffic.install();
        try (HhfrClient client = HhfrClient.builder(address.serviceUrl())
                .preferredModes(requestedMode.preferredModes())
                .negotiateOnOpen(requestedMode.wantsStream())
                .connectTimeoutMillis(CONNECT_TIMEOUT_MILLIS)
                .readTimeoutMillis(READ_TIMEOUT_MILLIS)
                .callTimeoutMillis(CALL_TIMEOUT_MILLIS)
                .build()) {
            Operation operation = client.operation(address.operation());
            Message.Builder builder = Message.of(operation.request());
            Object[] values = RequestValues.of(operation.request(), texts);
            for (int i = 0; i < values.length; i++) {
                builder.set(i, values[i]);
            }
            Message request = builder.build();

            ByteCounts datagramsBefore = DatagramTraffic.total();
            SocketTraffic sockets = SocketTraffic.start();
            Message response = null;
            Mode mode;
            long elapsedNanos;
            try {
                long started = System.nanoTime();
                try (Session session = client.open(operation)) {
                    for (int i = 0; i < messages; i++) {
                        response = session.call(request);
                    }
                    elapsedNanos = System.nanoTime() - started;
                    mode = session.mode();
                }
            } catch (IOException | RuntimeException e) {
                sockets.discard();
                throw e;
            }
            ByteCounts tcp = sockets.stop();
            Long up = null;
            Long down = null;
            String source = SocketTraffic.SOURCE + "+" + DatagramTraffic.SOURCE;
            if (datagramsCounted) {
                ByteCounts total = tcp.plus(DatagramTraffic.total().minus(datagramsBefore));
                up = total.up;
                down = total.down;
            } else if (mode != Mode.HHFR_UDP) {
                up = tcp.up;
                down = tcp.down;
                source = SocketTraffic.SOURCE;
            } else {
                source = SocketTraffic.SOURCE + " (UDP datagrams not countable in this process)";
            }
            return new SessionReport(address, requestedMode, CallMode.label(mode), messages, elapsedNanos / 1e6,
                    up, down, source, ResultValue.of(response));
        }
    }
}
