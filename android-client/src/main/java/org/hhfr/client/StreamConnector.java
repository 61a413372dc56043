package org.hhfr.client;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.hhfr.contextstore.EndpointHint;
import org.hhfr.contextstore.ResumptionTicket;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.ProposedSession;
import org.hhfr.negotiation.description.AdvertisedEndpoint;
import org.hhfr.transports.reliability.DeliveryAssurance;

/**
 * Opens the streams of one session: the stream a grant names, at the grant's endpoint, over its transport,
 * with the session's numbering of calls (shared by all its streams) and where its calls go when the server
 * refuses the stream or the stream is lost after it was accepted. While the session negotiates, it may open
 * the TCP connection of the stream it expects ({@link #connectEarly}), which the granted stream then takes, and
 * the stream of a session it proposes (over TCP or UDP). Closing it with its session ends every connect under way
 * ({@link StreamSocket}).
 */
final class StreamConnector {
    /** What a stream hands back to its session. */
    interface Returns extends StreamChannel.HandBack, StreamChannel.Failover, StreamChannel.CallerChange,
            StreamChannel.Loss {
    }

    private final HhfrClient client;
    private final Operation operation;
    private final Returns returns;
    private final TcpChannel.Reconnections reconnections;
    /** Where proposed sessions' ids and tokens come from. */
    private static final SecureRandom RANDOM = new SecureRandom();

    /** The numbering of the calls first sent on the latest stream's epoch, which its connections share. */
    private CallNumbers callNumbers;
    /**
     * The connection opened while negotiating, until it is dropped or replaced (a stream that took it keeps its
     * socket). Guarded by this.
     */
    private EarlyConnection early;
    /** The latest {@linkplain #propose proposal}. Guarded by this. */
    private StreamGrant proposal;
    /** Whether the offer of {@link #proposal} is written whole. Guarded by this. */
    private boolean offerWritten;
    /** The stream of {@link #proposal} while its offer is being written. Guarded by this. */
    private StreamChannel holdingBack;
    /** The advertised endpoint as {@link #hint} resolved it, so that every use names the same. Guarded by this. */
    private EndpointHint advertisedHint;
    /** The first connections of the TCP streams being opened, until they are open or failed. Guarded by this. */
    private final Set<StreamSocket> connecting = new HashSet<>();
    /** The session closed: nothing connects from now on. Guarded by this. */
    private boolean closed;

    StreamConnector(HhfrClient client, Operation operation, Returns returns, TcpChannel.Reconnections reconnections) {
        this.client = client;
        this.operation = operation;
        this.returns = returns;
        this.reconnections = reconnections;
    }

    /**
     * Starts the TCP connection (and TLS) of the stream a negotiation about to start is expected to grant: at
     * the service's {@link #hint endpoint} when the client knows it and it is a TCP one. Returns at once; does
     * nothing otherwise (a UDP stream has no connection to open).
     */
    void connectEarly(BackgroundWork background) {
        EndpointHint hint = hint();
        if (hint == null || !HhfrUris.TRANSPORT_TCP.equals(hint.transportUri())) {
            return;
        }
        EarlyConnection opened = new EarlyConnection(hint.endpoint());
        EarlyConnection previous;
        synchronized (this) {
            if (closed) {
                return;
            }
            previous = early;
            early = opened;
        }
        if (previous != null) {
            previous.close();
        }
        opened.start(client.settings(), background);
    }

    /**
     * The session to propose in {@code offer}, so that its stream opens before the answer (WIRE-FORMAT 3.4):
     * with the same {@link EndpointHint} as {@link #connectEarly}, a fresh id and token from a
     * {@code SecureRandom}, the hinted endpoint and transport, the offer's first representation and the offered
     * policy; only calls whose HTTP headers digest to {@code callerHeaders} go on its stream. {@code null}
     * without such a hint.
     */
    StreamGrant propose(Offer offer, String callerHeaders) {
        EndpointHint hint = hint();
        if (hint == null) {
            return null;
        }
        ProposedSession session = ProposedSession.draw(RANDOM, hint.transportUri(), hint.endpoint());
        StreamGrant proposed = StreamGrant.proposing(ResumptionTicket.of(session.id(), session.token(),
                hint.endpoint(), offer.representations().get(0), session.transportUri(), offer.policy())
                .withCallerHeaders(callerHeaders), client.settings().encryptedOnly);
        synchronized (this) {
            proposal = proposed;
            offerWritten = false;
            holdingBack = null;
        }
        return proposed;
    }

    /** Whether {@link #propose} proposes a session: the client knows where the service streams. */
    boolean canPropose() {
        return rememberedHint() != null || advertised() != null;
    }

    /**
     * Opens the stream of a {@link #propose proposed} session (its HELLO, or its datagrams, flagged EARLY), over TCP
     * on the connection {@linkplain #connectEarly opened early}; {@code null} if it cannot otherwise.
     *
     * @throws HhfrException that connection did not connect (refused, unanswered for the connect timeout, or its TLS
     *                       failed): the endpoint is unreachable, the message says so
     */
    Channel openProposed(StreamGrant proposed) throws HhfrException {
        StreamSocket first;
        Channel opened;
        try {
            first = earlyConnection(proposed);
        } catch (HhfrException dropped) {
            return null;
        }
        if (first == null && proposed.mode() == Mode.HHFR_TCP) {
            // Opened before the answer says where the session streams: over the connection opened early to the
            // hint, or not at all, so that a hint that never answers holds it one connect timeout, not two.
            throw new HhfrException(unreachable(proposed.endpoint()));
        }
        try {
            opened = open(proposed, first);
        } catch (HhfrException e) {
            return null;
        }
        if (opened != null && !opened.isUsable()) {
            opened.close();
            return null;
        }
        if (opened != null) {
            StreamChannel stream = (StreamChannel) opened;
            boolean held;
            synchronized (this) {
                // The stream of an earlier proposal (to be given up) holds nothing back.
                held = proposed == proposal && !offerWritten;
                if (held) {
                    holdingBack = stream;
                }
            }
            if (!held) {
                stream.offerSent();
            }
        }
        return opened;
    }

    /** The offer of the latest proposal is written whole: its stream may send what it held back. Any thread. */
    void offerSent() {
        StreamChannel held;
        synchronized (this) {
            offerWritten = true;
            held = holdingBack;
            holdingBack = null;
        }
        if (held != null) {
            held.offerSent();
        }
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

    /**
     * Where the service streams over the transport its answer is expected to grant: the endpoint of its latest
     * grant, which the ticket cache remembers, when the client still offers that transport; else the one the
     * operation's description advertises for the service's host over the first transport the client offers that
     * it advertises (the one a server picks); else {@code null}. An advertisement without a host names the
     * address the service's host resolves to (what the server grants): call this on a thread that may use the
     * network.
     */
    private EndpointHint hint() {
        EndpointHint remembered = rememberedHint();
        if (remembered != null) {
            return remembered;
        }
        synchronized (this) {
            if (advertisedHint != null) {
                return advertisedHint;
            }
        }
        AdvertisedEndpoint advertised = advertised();
        String streamHost = advertised == null ? null
                : advertised.host() != null ? advertised.host() : addressOf(client.settings().serviceUrl.getHost());
        if (streamHost == null) {
            return null;
        }
        EndpointHint hint = EndpointHint.of(advertised.transportUri(),
                StreamEndpoint.of(streamHost, advertised.port()));
        synchronized (this) {
            if (advertisedHint == null) {
                advertisedHint = hint;
            }
            return advertisedHint;
        }
    }

    private EndpointHint rememberedHint() {
        EndpointHint hint = client.tickets().endpointHint(client.settings().serviceUrl.toString()).orElse(null);
        return hint != null && client.settings().transportUris().contains(hint.transportUri()) ? hint : null;
    }

    /**
     * The endpoint the operation's service advertises, for the host the client reaches it at, over the first
     * transport the client offers that has one; {@code null} when there is none.
     */
    private AdvertisedEndpoint advertised() {
        String serviceHost = client.settings().serviceUrl.getHost();
        for (String transport : client.settings().transportUris()) {
            for (AdvertisedEndpoint endpoint : operation.advertisedEndpoints()) {
                if (transport.equals(endpoint.transportUri()) && endpoint.isFor(serviceHost)) {
                    return endpoint;
                }
            }
        }
        return null;
    }

    /** The address {@code host} resolves to (itself for an address literal), or {@code null} when it does not. */
    private static String addressOf(String host) {
        try {
            return InetAddress.getByName(host).getHostAddress();
        } catch (UnknownHostException | SecurityException e) {
            return null;
        }
    }

    /** Closes a connection opened early that no stream took (a decline, a failed negotiation). */
    void dropEarly() {
        EarlyConnection dropped = takeEarly();
        if (dropped != null) {
            dropped.close();
        }
    }

    /** The numbering of the calls on {@code grant}'s stream ({@link CallNumbers#forStream}). */
    private synchronized CallNumbers callNumbersOf(StreamGrant grant) {
        ResumptionTicket ticket = grant.ticket;
        callNumbers = CallNumbers.forStream(callNumbers, ticket.sessionId(), grant.epoch, ticket.token().toBytes());
        return callNumbers;
    }

    /**
     * Where the calls of {@code grant}'s stream go when it is lost after its server accepted it: {@code to}, for a
     * session with other endpoints delivering exactly once; {@code null} otherwise (they fail with the stream).
     */
    static StreamChannel.Failover failover(StreamGrant grant, StreamChannel.Failover to) {
        return grant.ticket.alternateEndpoints().isEmpty()
                || grant.ticket.policy().deliveryAssurance() == DeliveryAssurance.AT_MOST_ONCE ? null : to;
    }

    private synchronized EarlyConnection takeEarly() {
        EarlyConnection taken = early;
        early = null;
        return taken;
    }

    /** The connection opened early; kept while a stream takes it, so that dropping it stops the stream's wait. */
    private synchronized EarlyConnection early() {
        return early;
    }

    /**
     * Connects the granted stream; {@code null} for a transport this client does not know.
     *
     * @throws SessionClosedException the session closed before it connected: it neither opened nor failed
     * @throws HhfrException          it cannot open, or the connection opened early that it waited for was dropped
     */
    Channel connect(StreamGrant grant) throws HhfrException {
        try {
            return open(grant, earlyConnection(grant));
        } catch (HhfrException e) {
            throw isClosed() ? SessionFailures.closed(operation) : e;
        }
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    /** Why a stream at {@code endpoint} cannot open once the connection opened early to it did not connect. */
    static String unreachable(StreamEndpoint endpoint) {
        return "the connection opened early to " + endpoint + " did not connect";
    }

    /**
     * The connection opened early, connected, when {@code grant}'s stream takes it (a TCP stream at its endpoint);
     * else {@code null}, and it is closed.
     *
     * @throws HhfrException it was dropped while the stream waited for it to connect
     */
    private StreamSocket earlyConnection(StreamGrant grant) throws HhfrException {
        EarlyConnection opened = early();
        return opened == null ? null : opened.take(grant.mode() == Mode.HHFR_TCP ? grant.endpoint() : null,
                client.settings().connectTimeoutMillis);
    }

    /** Opens {@code grant}'s stream, a TCP one over {@code connected} when it is not {@code null}. */
    private Channel open(StreamGrant grant, StreamSocket connected) throws HhfrException {
        // A single node's stream lost after it was accepted is lost for good, its calls failing with its cause. So
        // is one delivering at most once: its server gives up and forgets replies never acknowledged, so a call
        // in doubt sent again on another node's stream could run twice.
        StreamChannel.Failover failover = failover(grant, returns);
        StreamSettings stream = new StreamSettings(client.settings(), operation, client.timer(), client.paths(), grant,
                callNumbersOf(grant), failover, returns);
        switch (grant.mode()) {
            case HHFR_TCP:
                return openTcp(stream, connected != null ? connected : new StreamSocket());
            case HHFR_UDP:
                requireOpen();
                return UdpChannel.open(stream, returns);
            default:
                return null;
        }
    }

    /** @throws SessionClosedException the session closed: no stream opens for it any more */
    private synchronized void requireOpen() throws SessionClosedException {
        if (closed) {
            throw SessionFailures.closed(operation);
        }
    }

    /** Opens a TCP stream over {@code first}, which {@link #close} ends while it connects. */
    private Channel openTcp(StreamSettings stream, StreamSocket first) throws HhfrException {
        synchronized (this) {
            if (closed) {
                first.close();
            }
            requireOpen();
            connecting.add(first);
        }
        try {
            return TcpChannel.open(stream, returns, reconnections, first);
        } finally {
            synchronized (this) {
                connecting.remove(first);
            }
        }
    }

    /**
     * The session closed: ends the connects under way (the connection opened early, the first connection of each
     * TCP stream being opened) at once, and connects nothing from now on. A stream that opened meanwhile is the
     * session's to close.
     */
    void close() {
        List<StreamSocket> ended;
        synchronized (this) {
            closed = true;
            ended = new ArrayList<>(connecting);
        }
        dropEarly();
        for (StreamSocket socket : ended) {
            socket.close();
        }
    }
}
