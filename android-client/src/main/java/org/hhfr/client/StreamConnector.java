package org.hhfr.client;

import java.net.Socket;
import java.security.SecureRandom;

import org.hhfr.contextstore.EndpointHint;
import org.hhfr.contextstore.ResumptionTicket;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.ProposedSession;

/**
 * Opens the streams of one session: the stream a grant names, at the grant's endpoint, over its transport,
 * with the session's numbering of calls (shared by all its streams) and where its calls go when the server
 * refuses the stream or the stream is lost after it was accepted. While the session negotiates, it may open
 * the TCP connection of the stream it expects ({@link #connectEarly}), which the granted stream then takes.
 */
final class StreamConnector {
    /** What a stream hands back to its session. */
    interface Returns extends StreamChannel.HandBack, StreamChannel.Failover {
    }

    private final HhfrClient client;
    private final Operation operation;
    private final Returns returns;
    private final TcpChannel.Reconnections reconnections;
    /** Where proposed sessions' ids and tokens come from. */
    private static final SecureRandom RANDOM = new SecureRandom();

    private final CallNumbers callNumbers = new CallNumbers();
    /** The connection opened while negotiating, until a stream takes it or it is dropped. Guarded by this. */
    private EarlyConnection early;

    StreamConnector(HhfrClient client, Operation operation, Returns returns, TcpChannel.Reconnections reconnections) {
        this.client = client;
        this.operation = operation;
        this.returns = returns;
        this.reconnections = reconnections;
    }

    /**
     * Starts the TCP connection (and TLS) of the stream a negotiation about to start is expected to grant: at
     * the {@link EndpointHint} the ticket cache holds for the service, when it is a TCP endpoint and the client
     * offers TCP. Returns at once; does nothing without such a hint.
     */
    void connectEarly(BackgroundWork background) {
        EndpointHint hint = tcpHint();
        if (hint == null) {
            return;
        }
        EarlyConnection opened = EarlyConnection.open(client.settings(), hint.endpoint(), background);
        EarlyConnection previous;
        synchronized (this) {
            previous = early;
            early = opened;
        }
        if (previous != null) {
            previous.close();
        }
    }

    /**
     * The session to propose in {@code offer}, so that its stream opens before the answer (WIRE-FORMAT 3.4):
     * with the same {@link EndpointHint} as {@link #connectEarly}, a fresh id and token from a
     * {@code SecureRandom}, the hinted endpoint, the offer's first representation, TCP, and the offered policy.
     * {@code null} without such a hint.
     */
    StreamGrant propose(Offer offer) {
        EndpointHint hint = tcpHint();
        if (hint == null) {
            return null;
        }
        ProposedSession proposal = ProposedSession.draw(RANDOM, HhfrUris.TRANSPORT_TCP, hint.endpoint());
        return StreamGrant.proposing(ResumptionTicket.of(proposal.id(), proposal.token(), hint.endpoint(),
                offer.representations().get(0), proposal.transportUri(), offer.policy()));
    }

    /** Whether {@link #propose} proposes a session: the client holds a TCP endpoint hint for the service. */
    boolean canPropose() {
        return tcpHint() != null;
    }

    /** Opens the stream of a {@link #propose proposed} session (HELLO flagged EARLY); {@code null} if it cannot. */
    Channel openProposed(StreamGrant proposed) {
        Channel opened;
        try {
            opened = connect(proposed);
        } catch (HhfrException e) {
            return null;
        }
        if (opened != null && !opened.isUsable()) {
            opened.close();
            return null;
        }
        return opened;
    }

    /**
     * Gives up a proposed session's stream the answer did not grant: its server never stores that session, so it
     * runs none of the calls, which go back to the session ({@link StreamChannel.HandBack}); then closes it.
     */
    void abandon(Channel early) {
        StreamChannel stream = (StreamChannel) early;
        stream.refuse(new StreamLostException(stream.describe() + " was given up: the negotiation did not grant"
                + " the session it proposed", null));
        stream.close();
    }

    /** The service's hinted stream endpoint when it is a TCP one and the client offers TCP; else {@code null}. */
    private EndpointHint tcpHint() {
        ClientSettings settings = client.settings();
        EndpointHint hint = client.tickets().endpointHint(settings.serviceUrl.toString()).orElse(null);
        boolean usable = hint != null && HhfrUris.TRANSPORT_TCP.equals(hint.transportUri())
                && settings.transportUris().contains(HhfrUris.TRANSPORT_TCP);
        return usable ? hint : null;
    }

    /** Closes a connection opened early that no stream took (a decline, a failed negotiation, a closed session). */
    void dropEarly() {
        EarlyConnection dropped = takeEarly();
        if (dropped != null) {
            dropped.close();
        }
    }

    private synchronized EarlyConnection takeEarly() {
        EarlyConnection taken = early;
        early = null;
        return taken;
    }

    /** Connects the granted stream; {@code null} for a transport this client does not know. */
    Channel connect(StreamGrant grant) throws HhfrException {
        EarlyConnection opened = takeEarly();
        // Taken only by a TCP stream at the hinted endpoint, closed otherwise.
        Socket connected = opened == null ? null
                : opened.take(grant.mode() == Mode.HHFR_TCP ? grant.endpoint() : null,
                        client.settings().connectTimeoutMillis);
        // A single node's stream lost after it was accepted is lost for good, its calls failing with its cause.
        StreamChannel.Failover failover = grant.ticket.alternateEndpoints().isEmpty() ? null : returns;
        StreamSettings stream = new StreamSettings(client.settings(), operation, client.timer(), grant, callNumbers,
                failover);
        switch (grant.mode()) {
            case HHFR_TCP:
                return TcpChannel.open(stream, returns, reconnections, connected);
            case HHFR_UDP:
                return UdpChannel.open(stream);
            default:
                return null;
        }
    }
}
