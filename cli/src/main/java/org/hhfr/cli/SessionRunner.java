package org.hhfr.cli;

import java.io.IOException;
import java.util.List;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

import org.hhfr.client.CallOptions;
import org.hhfr.client.EventListener;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.HhfrException;
import org.hhfr.client.Mode;
import org.hhfr.client.Operation;
import org.hhfr.client.Session;
import org.hhfr.client.WsdlOperations;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.schemas.DataStructure;
import org.hhfr.streamer.Message;

/**
 * Runs one measured session with the client library: reads the operation from the service's WSDL, builds
 * the request (from command-line texts, or XML), then opens a session (negotiating a stream first unless
 * the mode is SOAP), sends the request {@code messages} times and closes. The time runs from opening the session to
 * the last answer; the bytes count everything on the client's sockets from opening to the end of close
 * (negotiation, stream handshake, messages, stream termination), but not the WSDL fetch.
 */
final class SessionRunner {
    private static final int CONNECT_TIMEOUT_MILLIS = 5_000;
    private static final int READ_TIMEOUT_MILLIS = 15_000;
    static final long CALL_TIMEOUT_MILLIS = 20_000;
    /** SOAP calls in flight at once when pipelined: the connections HttpURLConnection keeps per host. */
    private static final int SOAP_IN_FLIGHT = 5;

    private SessionRunner() {
    }

    /**
     * @throws IllegalArgumentException the texts do not fit the operation's request
     * @throws HhfrException            the service cannot be reached, faults, or does not have the operation
     * @throws IOException              the bytes could not be counted
     */
    static SessionReport run(ServiceAddress address, CallMode requestedMode, List<String> texts, int messages)
            throws IOException {
        return run(address, requestedMode, structure -> RequestValues.message(structure, texts),
                CallPlan.sequential(messages), null);
    }

    /**
     * As above, with the request {@code requestOf} builds for the operation's request structure, sending the
     * messages as {@code plan} says (pipelined or not, each with its deadline), trusting {@code trust}'s
     * certificates for https (or the platform's, when {@code null}).
     *
     * @throws IllegalArgumentException {@code requestOf} found its input does not fit the structure
     */
    static SessionReport run(ServiceAddress address, CallMode requestedMode,
                             Function<DataStructure, Message> requestOf, CallPlan plan, SSLContext trust)
            throws IOException {
        NegotiationHeard heard = new NegotiationHeard();
        boolean datagramsCounted = DatagramTraffic.install();
        HhfrClient.Builder settings = HhfrClient.builder(address.serviceUrl());
        if (trust != null) {
            settings.sslSocketFactory(trust.getSocketFactory());
        }
        try (HhfrClient client = settings
                .preferredModes(requestedMode.preferredModes())
                .negotiateOnOpen(requestedMode.wantsStream())
                .connectTimeoutMillis(CONNECT_TIMEOUT_MILLIS)
                .readTimeoutMillis(READ_TIMEOUT_MILLIS)
                .callTimeoutMillis(CALL_TIMEOUT_MILLIS)
                .eventListener(heard)
                .build()) {
            Operation operation = WsdlOperations.fetch(client).operation(address.operation());
            Message request = requestOf.apply(operation.request());

            ByteCounts datagramsBefore = DatagramTraffic.total();
            SocketTraffic sockets = SocketTraffic.start();
            MessageRun run;
            Mode mode;
            long elapsedNanos;
            try {
                long started = System.nanoTime();
                try (Session session = client.open(operation)) {
                    CallOptions options = CallOptions.defaults().withTimeoutMillis(plan.timeoutMillis());
                    run = operation.isOneWay() ? MessageRun.oneWay(session, request, options, plan.messages())
                            : plan.pipelined()
                            ? MessageRun.pipelined(session, request, options, plan.messages(), heard.window())
                            : MessageRun.sequential(session, request, options, plan.messages());
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
            return new SessionReport(address, requestedMode, CallMode.label(mode), plan.messages(),
                    elapsedNanos / 1e6, up, down, source, run.lastResponse == null ? null : ResultValue.of(run.lastResponse), run.times(),
                    heard.fallbackReason());
        }
    }

    /** How a session sends its messages: how many, pipelined or one after another, each call's deadline. */
    record CallPlan(int messages, boolean pipelined, long timeoutMillis) {
        CallPlan {
            if (messages < 1) {
                throw new IllegalArgumentException("--messages must be at least 1, not " + messages);
            }
            if (timeoutMillis < 1) {
                throw new IllegalArgumentException("--timeout must be at least 1 ms, not " + timeoutMillis);
            }
        }

        static CallPlan sequential(int messages) {
            return new CallPlan(messages, false, CALL_TIMEOUT_MILLIS);
        }
    }

    /**
     * What the client's events told of the negotiation: the window of the stream the session negotiated (calls a
     * stream carries awaiting answers), over SOAP {@link #SOAP_IN_FLIGHT} calls; and why it fell back to SOAP.
     */
    private static final class NegotiationHeard extends EventListener {
        private volatile int window = SOAP_IN_FLIGHT;
        private volatile String fallbackReason;

        @Override
        public void negotiated(Session session, Mode mode, ReliabilityPolicy agreed) {
            window = agreed.window();
        }

        @Override
        public void fellBackToSoap(Session session, String reason) {
            window = SOAP_IN_FLIGHT;
            fallbackReason = reason;
        }

        int window() {
            return window;
        }

        /** The last fallback's reason, or {@code null}. */
        String fallbackReason() {
            return fallbackReason;
        }
    }
}
