package org.hhfr.client;

import java.net.InetSocketAddress;

import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ResumptionTicket;
import org.hhfr.streamer.Representation;
import org.hhfr.streamer.Representations;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.reliability.ReliabilityConfig;

/** What one stream needs to open: the negotiated session and endpoint and the client's settings. */
final class StreamSettings {
    private static final long MIN_KEEP_ALIVE_MILLIS = 1;
    /** Messages a stream holds unacknowledged before callers wait. */
    static final int MAX_UNACKNOWLEDGED_MESSAGES = 1024;

    final ClientSettings client;
    final Operation operation;
    final ClientTimer timer;
    final InetSocketAddress address;
    final SessionId sessionId;
    final byte[] token;
    /** Which stream of the session this is: its keys derive from it (see {@code StreamEpoch}). */
    final long epoch;
    final Representation representation;
    final ReliabilityPolicy policy;
    /** The largest request the service accepts (from its answer), or the client's own limit when unknown. */
    final int requestLimit;

    StreamSettings(ClientSettings client, Operation operation, ClientTimer timer, ResumptionTicket ticket,
                   long epoch, ReliabilityPolicy policy, int serverMaxMessageBytes) {
        this.client = client;
        this.operation = operation;
        this.timer = timer;
        this.address = new InetSocketAddress(ticket.streamEndpoint().host(), ticket.streamEndpoint().port());
        this.sessionId = SessionId.of(ticket.sessionId().toBytes());
        this.token = ticket.token().toBytes();
        this.epoch = epoch;
        this.representation = Representations.standard(client.streamerLimits()).get(ticket.representationUri());
        this.policy = policy;
        this.requestLimit = serverMaxMessageBytes > 0
                ? Math.min(serverMaxMessageBytes, client.maxMessageBytes()) : client.maxMessageBytes();
    }

    /** The engine settings shared by both links: sizes, window, and how long a silent peer is tolerated. */
    ReliabilityConfig configure(ReliabilityConfig base) {
        int maxMessage = Math.max(requestLimit, client.maxMessageBytes());
        long window = client.reconnectWindowMillis();
        long keepAlive = Math.max(MIN_KEEP_ALIVE_MILLIS, Math.min(window / 4, 15_000));
        return base.withMaxMessageSize(maxMessage)
                .withMaxBuffered(MAX_UNACKNOWLEDGED_MESSAGES, Math.max(32L << 20, 2L * maxMessage))
                .withSendWindow(policy.window())
                .withKeepAliveMillis(keepAlive, Math.max(keepAlive + 1, window));
    }

    /** Names the stream in messages: operation, transport and endpoint. */
    String describe(String transport) {
        return "the " + transport + " stream of " + operation.element().localName() + " at " + address;
    }
}
