package org.hhfr.client;

/**
 * Opens the streams of one session: the stream a grant names, at the grant's endpoint, over its transport,
 * with the session's numbering of calls (shared by all its streams) and where its calls go when the server
 * refuses the stream or the stream is lost after it was accepted.
 */
final class StreamConnector {
    /** What a stream hands back to its session. */
    interface Returns extends StreamChannel.HandBack, StreamChannel.Failover {
    }

    private final HhfrClient client;
    private final Operation operation;
    private final Returns returns;
    private final TcpChannel.Reconnections reconnections;
    private final CallNumbers callNumbers = new CallNumbers();

    StreamConnector(HhfrClient client, Operation operation, Returns returns, TcpChannel.Reconnections reconnections) {
        this.client = client;
        this.operation = operation;
        this.returns = returns;
        this.reconnections = reconnections;
    }

    /** Connects the granted stream; {@code null} for a transport this client does not know. */
    Channel connect(StreamGrant grant) throws HhfrException {
        // A single node's stream lost after it was accepted is lost for good, its calls failing with its cause.
        StreamChannel.Failover failover = grant.ticket.alternateEndpoints().isEmpty() ? null : returns;
        StreamSettings stream = new StreamSettings(client.settings(), operation, client.timer(), grant, callNumbers,
                failover);
        switch (grant.mode()) {
            case HHFR_TCP:
                return TcpChannel.open(stream, returns, reconnections);
            case HHFR_UDP:
                return UdpChannel.open(stream);
            default:
                return null;
        }
    }
}
