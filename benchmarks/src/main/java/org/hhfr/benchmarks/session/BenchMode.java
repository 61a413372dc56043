package org.hhfr.benchmarks.session;

import java.util.ArrayList;
import java.util.List;

/** One way of running a session, as named in the results. */
public enum BenchMode {
    /** First contact over a TCP stream: the first call carries the offer over SOAP, the rest stream. */
    HHFR_TCP("hhfr-tcp", Transport.HHFR_TCP, false, false),
    /**
     * A returning client that kept its {@code HhfrClient}: the stream opens from a resumption ticket, with no SOAP
     * request at all.
     */
    HHFR_TCP_WARM("hhfr-tcp-warm", Transport.HHFR_TCP, true, false),
    HHFR_UDP("hhfr-udp", Transport.HHFR_UDP, false, false),
    HHFR_UDP_WARM("hhfr-udp-warm", Transport.HHFR_UDP, true, false),
    /**
     * Every request sent at once ({@code callAsync}), then the answers awaited. Cold, the first request carries
     * the offer over SOAP and the others wait for its answer, then stream.
     */
    HHFR_TCP_PIPELINED("hhfr-tcp-pipelined", Transport.HHFR_TCP, false, true),
    HHFR_TCP_WARM_PIPELINED("hhfr-tcp-warm-pipelined", Transport.HHFR_TCP, true, true),
    HHFR_UDP_PIPELINED("hhfr-udp-pipelined", Transport.HHFR_UDP, false, true),
    HHFR_UDP_WARM_PIPELINED("hhfr-udp-warm-pipelined", Transport.HHFR_UDP, true, true),
    /**
     * {@code hhfr-tcp-warm-pipelined} against an https service: the stream runs over TLS 1.3. Only in the
     * loopback throughput grid, or when named with {@code --modes}.
     */
    HHFR_TCP_TLS_WARM_PIPELINED("hhfr-tcp-tls-warm-pipelined", Transport.HHFR_TCP, true, true, true),
    /** {@code hhfr-udp-warm-pipelined} against an https service: AES-GCM datagrams. As the TLS mode. */
    HHFR_UDP_AEAD_WARM_PIPELINED("hhfr-udp-aead-warm-pipelined", Transport.HHFR_UDP, true, true, true),
    /** Plain SOAP as the paper measured it: a new HTTP connection for every call. */
    SOAP_NEW_CONN("soap-new-conn", Transport.SOAP, false, false),
    /** Plain SOAP through the client library's HttpURLConnection, which keeps the connection alive. */
    SOAP_KEEPALIVE("soap-keepalive", Transport.SOAP, false, false),
    /**
     * A rival: gRPC-java with protobuf, one bidirectional stream per session, every request written at once and
     * then the answers read (direct executors on both sides).
     */
    GRPC_BIDI("grpc-bidi", Transport.GRPC, false, true),
    /**
     * {@code grpc-bidi} by a returning client that kept its channel: an unmeasured call connected it, and the
     * session's stream is a new one on that HTTP/2 connection (gRPC-java has no resumption; this is its warm
     * start, set against HHFR's resumed ones).
     */
    GRPC_BIDI_WARM("grpc-bidi-warm", Transport.GRPC, true, true),
    /** A rival: gRPC-java blocking unary calls one after the other on one channel. */
    GRPC_UNARY("grpc-unary", Transport.GRPC, false, false),
    /** A rival: HTTP/1.1 POSTs of JSON bodies one after the other on one kept-alive connection. */
    REST_JSON("rest-json", Transport.REST, false, false);

    /** What a session of the mode should end on. */
    public enum Transport {
        HHFR_TCP("hhfr-tcp"), HHFR_UDP("hhfr-udp"), SOAP("soap"),
        /** gRPC-java over HTTP/2 (the rival modes {@code grpc-*}). */
        GRPC("grpc"),
        /** HTTP/1.1 with JSON bodies (the rival mode {@code rest-json}). */
        REST("rest");

        private final String label;

        Transport(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final String label;
    private final Transport transport;
    private final boolean warm;
    private final boolean pipelined;
    private final boolean encrypted;

    BenchMode(String label, Transport transport, boolean warm, boolean pipelined) {
        this(label, transport, warm, pipelined, false);
    }

    BenchMode(String label, Transport transport, boolean warm, boolean pipelined, boolean encrypted) {
        this.encrypted = encrypted;
        this.label = label;
        this.transport = transport;
        this.warm = warm;
        this.pipelined = pipelined;
    }

    public String label() {
        return label;
    }

    public Transport transport() {
        return transport;
    }

    /** Ends on an HHFR stream (TCP or UDP), unlike the rivals it is compared with. */
    public boolean isHhfr() {
        return transport == Transport.HHFR_TCP || transport == Transport.HHFR_UDP;
    }

    /**
     * A returning client, set up by an earlier, unmeasured session on the same client: HHFR opens from the
     * resumption ticket it left (a UDP stream from what it learned of the path), gRPC on the connection it left
     * open.
     */
    public boolean isWarm() {
        return warm;
    }

    /** Against the https service, so the stream is encrypted (TLS on TCP, AES-GCM datagrams on UDP). */
    public boolean isEncrypted() {
        return encrypted;
    }

    /** The modes of the default grids: every one but the encrypted ones. */
    public static List<BenchMode> cleartext() {
        List<BenchMode> modes = new ArrayList<>(List.of(values()));
        modes.removeIf(BenchMode::isEncrypted);
        return List.copyOf(modes);
    }

    /** All requests in flight at once instead of one after the other. */
    public boolean isPipelined() {
        return pipelined;
    }

    /** @throws IllegalArgumentException a name that is no mode */
    public static BenchMode named(String label) {
        for (BenchMode mode : values()) {
            if (mode.label.equals(label)) {
                return mode;
            }
        }
        List<String> known = new ArrayList<>();
        for (BenchMode mode : values()) {
            known.add(mode.label);
        }
        throw new IllegalArgumentException("no mode '" + label + "' (known: " + String.join(", ", known) + ")");
    }
}
