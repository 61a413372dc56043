package org.hhfr.benchmarks.transport;

import java.util.Locale;

/**
 * What the shoot-out runs, in the order it runs them: the anchors first, then HHFR. Each names how its server
 * and client are built; both run in JVMs of their own.
 */
enum Contender {
    NETTY("bare Netty (TCP)", false, false, 0),
    GRPC_DIRECT("gRPC-java, direct executors (TCP)", false, false, 0),
    GRPC_DEFAULT("gRPC-java, default executors (TCP)", false, false, 0),
    AERON("Aeron one-way (UDP)", true, true, 0),
    HHFR_TCP("HHFR over TCP", false, false, 0),
    HHFR_UDP("HHFR over UDP, no loss", true, false, 0),
    HHFR_UDP_LOSS5("HHFR over UDP, 5% loss each way", true, false, 0.05),
    /** An https service's stream: TLS 1.3 on the TCP stream (run with --only). */
    HHFR_TCP_TLS("HHFR over TCP with TLS 1.3", false, false, 0),
    /** An https service's stream: AES-GCM datagrams (run with --only). */
    HHFR_UDP_AEAD("HHFR over UDP with AES-GCM, no loss", true, false, 0);

    final String label;
    final boolean udp;
    /** Messages flow one way; throughput is what the server received. */
    final boolean oneWay;
    /** Datagrams dropped in each direction by a relay in the measured run; 0 means client and server talk directly. */
    final double loss;

    Contender(String label, boolean udp, boolean oneWay, double loss) {
        this.label = label;
        this.udp = udp;
        this.oneWay = oneWay;
        this.loss = loss;
    }

    /** An encrypted stream, as an https service grants. */
    boolean encrypted() {
        return this == HHFR_TCP_TLS || this == HHFR_UDP_AEAD;
    }

    /** The name on the command line: {@code hhfr-udp-loss5}. */
    String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static Contender byCliName(String name) {
        for (Contender contender : values()) {
            if (contender.cliName().equals(name)) {
                return contender;
            }
        }
        throw new IllegalArgumentException("unknown contender " + name);
    }

    ServerSide startServer(String host) throws Exception {
        switch (this) {
            case NETTY:
                return new BareNettyServer(host);
            case GRPC_DIRECT:
            case GRPC_DEFAULT:
                return new GrpcServer(host, this == GRPC_DIRECT);
            case AERON:
                return new AeronReceiver(host);
            default:
                return new HhfrContenderServer(host, udp, encrypted());
        }
    }

    /**
     * @param window requests in flight (request-reply contenders)
     * @param limit  requests to send in all, 0 for no limit
     */
    ClientSide startClient(String host, int port, String ticket, int window, long limit) throws Exception {
        switch (this) {
            case NETTY:
                return new BareNettyClient(host, port, window, limit);
            case GRPC_DIRECT:
            case GRPC_DEFAULT:
                return new GrpcClient(host, port, this == GRPC_DIRECT, window, limit);
            case AERON:
                return new AeronSender(host, port, limit);
            default:
                return new HhfrContenderClient(host, port, udp, encrypted(), ticket, window, limit);
        }
    }
}
