package org.hhfr.client;

import java.net.InetSocketAddress;
import java.util.Map;

import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ResumptionTicket;
import org.hhfr.negotiation.soap.CallerHeaders;
import org.hhfr.streamer.Representation;
import org.hhfr.streamer.Representations;
import org.hhfr.transports.Role;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.reliability.ReliabilityConfig;

/**
 * What one stream needs to open: the negotiated session, endpoint and policy (all from the ticket, so a stream
 * reopened from a cached ticket runs the same agreement as the first) and the client's settings.
 */
final class StreamSettings {
    private static final long MIN_KEEP_ALIVE_MILLIS = 1;
    /** Messages a stream holds unacknowledged before callers wait. */
    static final int MAX_UNACKNOWLEDGED_MESSAGES = 1024;

    final ClientSettings client;
    final Operation operation;
    final ClientTimer timer;
    /** The client's estimates of its paths: a UDP stream starts from its path's and leaves its own. */
    final PathEstimates paths;
    final InetSocketAddress address;
    final SessionId sessionId;
    final byte[] token;
    /** Which stream of the session this is: its keys derive from it (see {@code StreamEpoch}). */
    final long epoch;
    final Representation representation;
    /** The agreed policy: the server's answer, kept in the ticket. */
    final ReliabilityPolicy policy;
    /** The largest request sent: the service's agreed limit, or the client's own if that is lower. */
    final int requestLimit;
    /** The numbering of the calls first sent on this stream, shared by the connections of its epoch. */
    final CallNumbers callNumbers;
    /**
     * Where unanswered calls go when the stream is lost after its server accepted it; {@code null} when the
     * session has no other endpoint (they fail).
     */
    final StreamChannel.Failover failover;
    /** TLS on TCP, AES-GCM datagrams on UDP: the service is reached over https, or its answer asked for it. */
    final boolean encrypted;
    /** The session is proposed in a negotiation still running: HELLOs ask the server to wait for it. */
    final boolean early;
    /** {@link ResumptionTicket#callerHeaders}: what a call's own HTTP headers must digest to; empty: any. */
    final String callerHeaders;
    /** Where a call whose HTTP headers differ from {@link #callerHeaders} goes instead. */
    final StreamChannel.CallerChange callerChange;
    /** Who hears that the stream is lost for good. */
    final StreamChannel.Loss loss;

    StreamSettings(ClientSettings client, Operation operation, ClientTimer timer, PathEstimates paths,
                   StreamGrant grant, CallNumbers callNumbers, StreamChannel.Failover failover,
                   StreamConnector.Returns returns) {
        ResumptionTicket ticket = grant.ticket;
        this.client = client;
        this.operation = operation;
        this.timer = timer;
        this.paths = paths;
        this.address = new InetSocketAddress(grant.endpoint().host(), grant.endpoint().port());
        this.sessionId = ticket.sessionId();
        this.token = ticket.token().toBytes();
        this.epoch = grant.epoch;
        this.callNumbers = callNumbers;
        this.failover = failover;
        this.representation = Representations.standard(client.streamerLimits()).get(ticket.representationUri());
        this.policy = ticket.policy();
        this.requestLimit = Math.min(policy.maxRequestBytes(), client.maxMessageBytes);
        this.encrypted = client.encryptedOnly || grant.encrypted;
        this.early = grant.proposed;
        this.callerHeaders = ticket.callerHeaders();
        this.callerChange = returns;
        this.loss = returns;
    }

    /**
     * What {@code headers}, a call's as it left, digest to when they are not the session's caller's, who alone
     * streams on it; {@code null} when they are.
     */
    String otherCaller(Map<String, String> headers) {
        if (callerHeaders.isEmpty()) {
            return null;
        }
        String caller = ClientSettings.callerHeaders(headers);
        return callerHeaders.equals(caller) ? null : caller;
    }

    /**
     * Whether {@code headers}, a call's as it left, hold one that changes what the call does at the service (an
     * idempotency key: {@link CallerHeaders#changesTheCall}), which no stream carries.
     */
    static boolean changeTheCall(Map<String, String> headers) {
        for (String name : headers.keySet()) {
            if (CallerHeaders.changesTheCall(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The engine settings of either link ({@code base}: TCP or UDP): the client's own bounds (its largest
     * message, its buffers, how long a silent peer or a broken connection is tolerated) under the agreed policy,
     * which sets everything it covers, exactly as the server's engine does.
     */
    ReliabilityConfig configure(ReliabilityConfig base) {
        int maxMessage = client.maxMessageBytes;
        long window = client.reconnectWindowMillis;
        long keepAlive = Math.max(MIN_KEEP_ALIVE_MILLIS, Math.min(window / 4, 15_000));
        ReliabilityConfig local = base.toBuilder().maxMessageSizes(maxMessage, maxMessage)
                .maxBuffered(MAX_UNACKNOWLEDGED_MESSAGES, Math.max(32L << 20, 2L * maxMessage))
                .keepAliveMillis(keepAlive, Math.max(keepAlive + 1, window)).build();
        return policy.applyTo(local, Role.CLIENT);
    }

    /** Names the stream in messages: operation, transport and endpoint. */
    String describe(String transport) {
        return "the " + transport + " stream of " + operation.element().localName() + " at " + address;
    }
}
