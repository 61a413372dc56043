package org.hhfr.transports.netty;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.hhfr.contextstore.CachedReply;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.RemovalCause;
import org.hhfr.contextstore.ReplyClaim;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.DatagramProtection;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.driver.EngineDriver;
import org.hhfr.transports.driver.Link;
import org.hhfr.transports.fault.StreamCancel;
import org.hhfr.transports.fault.StreamFault;
import org.hhfr.transports.frame.CallBase;
import org.hhfr.transports.frame.ConnectionId;
import org.hhfr.transports.frame.DatagramReader;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.frame.WelcomeFrame;
import org.hhfr.transports.handshake.ServerHandshake;
import org.hhfr.transports.reliability.DeliveredMessage;
import org.hhfr.transports.reliability.EngineEvent;
import org.hhfr.transports.reliability.LinkType;
import org.hhfr.transports.reliability.PathEstimate;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.hhfr.transports.reliability.ReliabilityEngine;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's side of one stream of a negotiated session: its epoch and keys (from the stored token digest and
 * the epoch), its reliability engine (created at the first authenticated contact and kept across TCP
 * connections), its current link, and the messages in dispatch. A stream the registry does not know yet is a
 * candidate until its first handshake or datagram verifies; then the registry admits it as the session's
 * latest stream. Confined to one event loop: every method but {@link #execute} and {@link #evict} runs
 * there, so the engine, the keys and the counters need no lock.
 *
 * <p>Backpressure: at most {@code maxPendingDispatches} messages are in dispatch or waiting for room in the
 * engine; beyond that the session leaves delivered messages in the engine, which then stops granting the client
 * credit, so the client stops sending. A TCP connection whose outbound buffer is above the high-water mark (a
 * client that does not read) is not read until it drains.
 */
final class ServerSession implements StreamSession, EngineDriver.Listener {
    private static final Logger LOG = LoggerFactory.getLogger(ServerSession.class);
    private static final long MIN_TOUCH_INTERVAL_MILLIS = 1_000;
    private static final long MAX_TOUCH_INTERVAL_MILLIS = 10_000;
    /** How soon a call another node runs is looked up again. */
    private static final long CLAIM_RETRY_MILLIS = 50;
    /** Initial retransmission timeouts a client's new address has to answer its path challenge. */
    private static final int PATH_VALIDATION_RTOS = 3;

    private final StoredSession stored;
    private final SessionId wireId;
    private final long epoch;
    private final LinkType linkType;
    private final EventLoop loop;
    private final SessionRegistry registry;
    private final SessionKeys keys;
    /** What the client's requests count their call numbers from on this stream. */
    private final CallBase callBase;
    private final ServerHandshake handshake = new ServerHandshake();
    /**
     * Responses waiting for room in the engine's send buffer; made at the session's first response and kept (a
     * session that once queued many keeps the room, at most {@code maxPendingDispatches} slots, until it ends).
     */
    private ArrayDeque<Response> unsent;
    /** Requests handed to the dispatch executor and not started yet, by message number: the cancellable ones. */
    private final Map<Long, InboundMessage> queued = new HashMap<>(2);
    private DatagramReader datagramReader;
    /** The stream's datagram link and the validation of the client's addresses; UDP only, from the first datagram. */
    private DatagramPeerPath datagramPath;
    private EngineDriver driver;
    /** Bound in {@link #start}, before the first message is handed to the dispatch executor. */
    private StreamRoute route;
    /** How far the registry and the store took this stream: a candidate until both did. */
    private Admission admission = Admission.CANDIDATE;
    /** Who waits for this candidate while the store confirms it; {@code null} otherwise. */
    private Opener opener;
    /**
     * A UDP candidate's verified datagrams, in order, while the store confirms it (null otherwise), and their
     * bytes: at most an early stream's limit, beyond which they are dropped and sent again by the client.
     */
    private List<VerifiedDatagram> unconfirmed;
    private long unconfirmedBytes;
    /** The session's stream before this one, once it finished gracefully over UDP; read by the next stream. */
    private volatile EndedPath endedPath;
    /** What the stream this one superseded left of its path, until this one's engine starts. */
    private EndedPath earlierPath;
    private int pending;
    /** A turn is scheduled to send the answers gathered until then (TCP). */
    private boolean gathering;
    /** The TCP connection's link; null on UDP. */
    private TcpLink tcp;
    private boolean peerClosed;
    private boolean closing;
    private volatile boolean ended;
    private long lastTouch = System.nanoTime();
    /** A store use is due and not yet handed to the dispatch executor. */
    private boolean touchDue;
    /** The engine's retransmissions already added to the server's counter. */
    private long retransmissionsCounted;
    /** The replies of numbered calls: claimed, recorded before they are sent, forgotten once acknowledged. */
    private final CallReplies replies;
    /** What the engine runs: the agreed policy within the server-wide settings; set when it starts. */
    private volatile ReliabilityConfig engineConfig;

    ServerSession(StoredSession stored, SessionId wireId, long epoch, LinkType linkType,
                  EventLoop loop, SessionRegistry registry) {
        this.stored = stored;
        this.wireId = wireId;
        this.epoch = epoch;
        this.linkType = linkType;
        this.loop = loop;
        this.registry = registry;
        this.keys = SessionKeys.fromTokenDigest(stored.tokenDigest(), epoch);
        this.callBase = CallBase.of(keys);
        this.replies = new CallReplies(registry.config.sharing(), stored.id(), epoch);
    }

    @Override
    public SessionId id() {
        return stored.id();
    }

    @Override
    public StreamContext context() {
        return stored.context();
    }

    @Override
    public LinkType linkType() {
        return linkType;
    }

    @Override
    public ReliabilityConfig engineConfig() {
        return engineConfig;
    }

    EventLoop loop() {
        return loop;
    }

    /** Which stream of the session this is. */
    long epoch() {
        return epoch;
    }

    StoredSession stored() {
        return stored;
    }

    /** Whether the session's stream ended (finished or failed). */
    boolean isEnded() {
        return ended;
    }

    /** Runs {@code task} on the session's loop: now if already there. */
    void execute(Runnable task) {
        if (loop.inEventLoop()) {
            task.run();
        } else {
            try {
                loop.execute(task);
            } catch (RejectedExecutionException e) {
                LOG.debug("session {}: server closed, task dropped", id());
            }
        }
    }

    /**
     * Checks a client's HELLO or RESUME; when accepted (and, for a new stream, admitted by the registry and
     * confirmed by the store, off the event loop), answers WELCOME on {@code channel} and makes it the stream's
     * link, closing the connection it replaces. {@code done} hears the outcome on this session's loop: {@code null}
     * once accepted, or the refusal to send back before closing {@code channel}. A new stream opens on
     * {@code channel} only while {@code awaited} (its connection still waits for the answer): one whose connection
     * broke or timed out meanwhile supersedes nothing, and opens with its client's next connection (a HELLO of a
     * higher attempt at the same epoch), as a stream whose WELCOME was lost does.
     */
    void acceptHandshake(HelloFrame hello, Channel channel, BooleanSupplier awaited,
                         Consumer<@Nullable WireException> done) {
        WelcomeFrame welcome;
        try {
            if (ended) {
                throw new WireException(ErrorCode.REPLAYED, "stream " + epoch + " of session " + id() + " has ended");
            }
            welcome = handshake.accept(hello, keys);
        } catch (WireException e) {
            done.accept(e);
            return;
        }
        admit(awaited, () -> {
            try {
                attach(welcome, channel);
            } catch (RuntimeException e) {
                LOG.error("handshake of session {} failed", id(), e);
                done.accept(new WireException(ErrorCode.ABORTED, "server error"));
                return;
            }
            done.accept(null);
        }, done);
    }

    /** Answers an accepted handshake with WELCOME and makes {@code channel} the stream's link. */
    private void attach(WelcomeFrame welcome, Channel channel) {
        if (driver == null) {
            start();
        }
        Link previous = driver.link();
        channel.writeAndFlush(FrameEncoder.encoded(channel.alloc(), welcome), channel.voidPromise());
        tcp = new TcpLink(channel, registry.metrics);
        driver.attach(tcp);
        if (previous != null) {
            previous.close(null);
        }
        if (handshake.resumed()) {
            driver.transportReset();
            registry.metrics.increment(TransportMetrics.Counter.RESUMES);
        }
        registry.metrics.increment(TransportMetrics.Counter.HANDSHAKES_ACCEPTED);
        LOG.debug("session {} {} on {}", id(), handshake.resumed() ? "resumed" : "started", channel.remoteAddress());
    }

    /** A TCP connection closed; if it was the session's link, frames wait in the engine for a resume. */
    void connectionClosed(Channel channel) {
        if (driver != null && driver.link() instanceof TcpLink && ((TcpLink) driver.link()).channel() == channel) {
            driver.detach(driver.link());
        }
    }

    /** Cuts the session's TCP connection, if any, without ending the session (the client resumes). */
    void dropConnection() {
        if (driver != null && driver.link() instanceof TcpLink) {
            ((TcpLink) driver.link()).channel().close();
        }
    }

    /** Handles a frame of the authenticated connection; {@link #run} follows after the read batch. */
    void receive(Frame frame) {
        if (driver == null || ended) {
            return;
        }
        try {
            driver.receive(frame);
        } catch (WireException e) {
            registry.metrics.increment(TransportMetrics.Counter.PROTOCOL_VIOLATIONS, linkType);
            LOG.info("session {}: {}", id(), e.getMessage());
        }
    }

    /**
     * Verifies one datagram with the session's keys and replay window and hands its frames to the engine.
     * Bad datagrams are dropped and counted. A verified one from a new address, the newest so far, starts the
     * validation of that address; the session moves there once the client answered its challenge. A candidate's
     * verified datagrams wait, in order, until the registry admitted it and the store confirmed it.
     */
    void receiveDatagram(byte[] datagram, InetSocketAddress sender, Channel channel) {
        if (ended) {
            registry.metrics.datagramDropped(ErrorCode.UNKNOWN_SESSION);
            return;
        }
        if (datagramReader == null) {
            datagramReader = new DatagramReader(wireId, keys, Role.SERVER, registry.datagramLimits,
                    datagramProtection());
        }
        List<Frame> frames = new ArrayList<>(4);
        try {
            datagramReader.read(datagram, 0, datagram.length, frames::add);
        } catch (WireException e) {
            registry.metrics.datagramDropped(e.code());
            LOG.debug("dropped datagram from {} for session {}: {}", sender, id(), e.getMessage());
            return;
        }
        VerifiedDatagram verified = new VerifiedDatagram(frames, sender, datagram.length, datagramReader.newest(),
                channel);
        if (admission == Admission.CONFIRMED) {
            take(verified);
            return;
        }
        if (unconfirmed == null) {
            unconfirmed = new ArrayList<>(4);
        }
        long cost = (long) datagram.length + ParkedDatagrams.DATAGRAM_OVERHEAD;
        if (unconfirmedBytes + cost > registry.parkedDatagramStreams.limits().maxBytes()) {
            registry.metrics.datagramDropped(ErrorCode.UNKNOWN_SESSION); // its client sends it again
            return;
        }
        unconfirmedBytes += cost;
        unconfirmed.add(verified);
        if (admission == Admission.CANDIDATE) {
            admit(() -> true, this::takeUnconfirmed, refusal -> {
                for (int i = 0; i < unconfirmed.size(); i++) {
                    registry.metrics.datagramDropped(refusal.code());
                }
                LOG.debug("dropped datagrams for session {}: {}", id(), refusal.getMessage());
                unconfirmed = null;
                unconfirmedBytes = 0;
            });
        }
    }

    /** The stream is confirmed: the datagrams verified meanwhile go to it, in order, then it runs a turn. */
    private void takeUnconfirmed() {
        List<VerifiedDatagram> waiting = unconfirmed;
        unconfirmed = null;
        unconfirmedBytes = 0;
        for (VerifiedDatagram verified : waiting) {
            take(verified);
        }
        run();
    }

    /** Hands a verified datagram's frames to the engine, which starts with the stream's first. */
    private void take(VerifiedDatagram verified) {
        if (ended) {
            registry.metrics.datagramDropped(ErrorCode.UNKNOWN_SESSION);
            return;
        }
        if (driver == null) {
            start();
            resumePathTo(verified.sender());
        }
        if (datagramPath == null) {
            DatagramWriter writer = new DatagramWriter(wireId, keys, Role.SERVER, registry.config.maxDatagramSize(),
                    datagramProtection());
            ConnectionId connectionId = registry.issueConnectionId(this);
            writer.connectionId(connectionId);
            datagramReader.connectionId(connectionId);
            datagramPath = new DatagramPeerPath(verified.channel(), verified.sender(), writer,
                    registry.config.addressTokens()
                            ? AddressTokens.key(registry.addressTokenSecret, stored.tokenDigest()) : null,
                    PATH_VALIDATION_RTOS * engineConfig.initialRtoNanos(), loop, registry.metrics);
            driver.attach(datagramPath.link());
        }
        InetSocketAddress from = datagramPath.link().peer();
        if (datagramPath.received(verified.sender(), verified.size(), verified.newest(), verified.frames(),
                System.nanoTime())) {
            LOG.info("session {} moved from {} to {}", id(), from, datagramPath.link().peer());
            registry.metrics.increment(TransportMetrics.Counter.ADDRESS_CHANGES);
            driver.pathChanged();
        }
        for (Frame frame : verified.frames()) {
            receive(frame);
        }
    }

    /** AES-GCM for a session whose streams must be encrypted, else HMAC-tagged cleartext. */
    private DatagramProtection datagramProtection() {
        return context().encryptedStreams() ? DatagramProtection.ENCRYPTED : DatagramProtection.AUTHENTICATED;
    }

    /** One engine turn, after a read batch or when the connection became writable again. */
    void run() {
        if (driver == null || ended) {
            return;
        }
        touchDue |= touchIsDue();
        driver.run();
        if (touchDue) {
            touchDue = false;
            try {
                registry.config.dispatchExecutor().execute(this::touch);
            } catch (RejectedExecutionException e) {
                LOG.debug("session {}: server closing, not touched", id());
            }
        }
    }

    /**
     * Aborts the stream: the session left the context store (expired, removed, store closed), the server is
     * closing, or a newer stream of the session took up its calls.
     */
    void evict(String why) {
        execute(() -> {
            if (ended) {
                return;
            }
            if (driver == null) {
                ended = true;
                return;
            }
            driver.engine().abort(ErrorCode.ABORTED, why);
            driver.run();
        });
    }

    @Override
    public boolean canAccept() {
        return !ended && pending < registry.config.maxPendingDispatches();
    }

    @Override
    public boolean shouldRead(Link link) {
        boolean writable = link.isWritable();
        if (!writable && link instanceof DatagramLink && ((DatagramLink) link).awaitsSocket()) {
            registry.awaitWritable(this);
        }
        return writable;
    }

    @Override
    public void afterTurn() {
        countRetransmissions();
        forgetAcknowledgedReplies();
        if (datagramPath != null) {
            datagramPath.afterTurn(System.nanoTime());
        }
    }

    /** The client acknowledged these replies: it never asks for them again, so the cache drops them. */
    private void forgetAcknowledgedReplies() {
        List<Long> acknowledged = replies.acknowledged(driver.engine().acknowledgedBelow());
        if (!acknowledged.isEmpty()) {
            try {
                registry.config.dispatchExecutor().execute(() -> replies.forget(acknowledged));
            } catch (RejectedExecutionException e) {
                LOG.debug("session {}: server closing, acknowledged replies kept until the session ends", id());
            }
        }
    }

    /** Adds what the engine retransmitted since the last count to the server's counter. */
    private void countRetransmissions() {
        long retransmissions = driver.engine().retransmissions();
        if (retransmissions != retransmissionsCounted) {
            registry.metrics.add(TransportMetrics.Counter.RETRANSMISSIONS, linkType,
                    retransmissions - retransmissionsCounted);
            retransmissionsCounted = retransmissions;
        }
    }

    @Override
    public void onMessage(DeliveredMessage message) {
        if (message.operation() == StreamCancel.OPERATION) {
            InboundMessage cancelled = queued.remove(message.correlation());
            if (cancelled != null && cancelled.cancel()) {
                skipped();
            }
            return;
        }
        pending++;
        registry.metrics.increment(TransportMetrics.Counter.MESSAGES_DISPATCHED, linkType);
        InboundMessage inbound = new InboundMessage(message.operation(), message.messageNumber(),
                callBase.callNumberOf(message.correlation()), message.payload());
        if (message.operation() == StreamFault.OPERATION) {
            fault(inbound, StreamFault.of(StreamFault.Code.SENDER,
                    "operation " + StreamFault.OPERATION + " is reserved for faults"));
            return;
        }
        queued.put(inbound.messageNumber(), inbound);
        boolean touch = touchDue;
        touchDue = false;
        try {
            registry.config.dispatchExecutor().execute(touch ? () -> {
                touch();
                invoke(inbound);
            } : () -> invoke(inbound));
        } catch (RejectedExecutionException e) {
            dispatchFailed(inbound, e);
        }
    }

    private void invoke(InboundMessage message) {
        if (!message.claim()) {
            return; // cancelled by the client before it started: skipped() accounted for it
        }
        dispatch(message);
    }

    /**
     * On the dispatch executor: runs the message, unless its call ran before (its recorded reply is sent
     * instead), runs on another node now (asked again later) or belongs to a newer stream of the session now
     * (dropped). The reply is recorded before it is sent.
     */
    private void dispatch(InboundMessage message) {
        ReplyClaim claim = replies.claim(message);
        if (claim.kind() == ReplyClaim.Kind.REPLIED) {
            execute(() -> answered(message, claim.reply()));
            return;
        }
        if (claim.kind() == ReplyClaim.Kind.BUSY) {
            if (message.waitUnlessCancelled()) { // a cancel from now on skips it while it waits
                loop.schedule(() -> dispatchAgain(message), CLAIM_RETRY_MILLIS, TimeUnit.MILLISECONDS);
            } else {
                execute(this::skipped); // cancelled while it asked
            }
            return;
        }
        if (claim.kind() == ReplyClaim.Kind.SUPERSEDED) {
            execute(() -> superseded(message));
            return;
        }
        CompletionStage<byte[]> response;
        try {
            response = route.dispatch(message);
        } catch (RuntimeException e) {
            response = CompletableFuture.failedFuture(e);
        }
        response.whenComplete((body, error) -> {
            CachedReply reply = replyTo(message, body, error);
            replies.record(message, reply);
            execute(() -> answered(message, reply));
        });
    }

    /** A call another stream was running: ask the cache again, unless the stream ended or the client cancelled it. */
    private void dispatchAgain(InboundMessage message) {
        if (ended) {
            return;
        }
        try {
            registry.config.dispatchExecutor().execute(() -> invoke(message));
        } catch (RejectedExecutionException e) {
            dispatchFailed(message, e);
        }
    }

    /** The reply a dispatch's outcome makes: the response, or a fault; {@code null} for no response. */
    private CachedReply replyTo(InboundMessage message, byte[] body, Throwable error) {
        if (error != null) {
            return new CachedReply(StreamFault.OPERATION, failure(message, error).encode());
        }
        if (body == null) {
            return null;
        }
        if (body.length > engineConfig.maxMessageSize()) {
            return new CachedReply(StreamFault.OPERATION, StreamFault.of(StreamFault.Code.RECEIVER,
                    "the response takes " + body.length + " bytes, more than the " + engineConfig.maxMessageSize()
                            + " the client accepts").encode());
        }
        return new CachedReply(message.operation(), body);
    }

    private void answered(InboundMessage message, CachedReply reply) {
        queued.remove(message.messageNumber()); // claimed: a cancel arriving now finds nothing to skip
        if (ended) {
            return;
        }
        if (reply == null) {
            pending--;
            closeIfPeerDone();
            driver.requestRun();
        } else {
            respond(message, reply.body(), reply.operation());
        }
    }

    /**
     * A request a newer stream of the session answers (its claims fence this stream out): the client left this
     * stream, its node having lost the client's path, or another process opened the session's ticket on another
     * node. The request is not run and the stream is aborted, as a stream superseded on its own node is: a
     * client still on it learns at once rather than by its calls' deadlines.
     */
    private void superseded(InboundMessage message) {
        queued.remove(message.messageNumber());
        LOG.debug("session {}: call {} left to a newer stream of the session", id(), message.callNumber());
        evict("a newer stream of the session took up its calls");
    }

    /** A request the client cancelled before its dispatch started: it is answered with nothing. */
    private void skipped() {
        registry.metrics.increment(TransportMetrics.Counter.MESSAGES_CANCELLED, linkType);
        pending--;
        closeIfPeerDone();
        driver.requestRun();
    }

    /** The dispatch failed: that request is answered with a fault, and the stream goes on. */
    private void dispatchFailed(InboundMessage message, Throwable error) {
        queued.remove(message.messageNumber());
        StreamFault fault = failure(message, error);
        if (!ended) {
            fault(message, fault);
        }
    }

    /**
     * Counts and logs a failed dispatch, an unexpected error with its trace the first time its kind is seen
     * ({@link ErrorTraces}); the fault that answers it. Any thread.
     */
    private StreamFault failure(InboundMessage message, Throwable error) {
        registry.metrics.increment(TransportMetrics.Counter.DISPATCH_FAILURES, linkType);
        StreamFault fault = DispatchFailure.toFault(error);
        Throwable unexpected = DispatchFailure.unexpected(error);
        if (unexpected == null) {
            LOG.info("session {}: {} answered with a {} fault: {}", id(), message, fault.code(), fault.reason());
        } else if (registry.errorTraces.firstOfItsKind(unexpected)) {
            LOG.warn("session {}: dispatch of {} failed", id(), message, unexpected);
        } else {
            LOG.info("session {}: {} failed with {} again (its trace is logged above): {}", id(), message,
                    unexpected.getClass().getName(), fault.reason());
        }
        return fault;
    }

    private void fault(InboundMessage message, StreamFault fault) {
        respond(message, fault.encode(), StreamFault.OPERATION);
    }

    private void respond(InboundMessage message, byte[] body, int operation) {
        if (unsent == null) {
            unsent = new ArrayDeque<>(2);
        }
        unsent.add(new Response(body, operation, message.messageNumber(), message.callNumber()));
        offerUnsent();
        closeIfPeerDone();
        sendAnswers();
    }

    /**
     * Runs the turn that sends an answer: soon, or, on a TCP connection still in its
     * {@linkplain org.hhfr.transports.driver.FirstFlight first flight} while other requests of the session are in
     * dispatch, once they are all answered and at most {@link StreamServerConfig#answerGatheringMillis} later.
     */
    private void sendAnswers() {
        long window = registry.config.answerGatheringMillis();
        if (tcp == null || pending == 0 || window == 0 || !tcp.isYoung()) {
            driver.requestRun();
        } else if (!gathering) {
            gathering = true;
            loop.schedule(() -> {
                gathering = false;
                run();
            }, window, TimeUnit.MILLISECONDS);
        }
    }

    private void offerUnsent() {
        ReliabilityEngine engine = driver.engine();
        while (unsent != null && !unsent.isEmpty() && engine.state() == ReliabilityEngine.State.OPEN && !closing) {
            Response response = unsent.peek();
            long number = engine.offer(response.body, response.operation, response.correlation);
            if (number == ReliabilityEngine.REFUSED) {
                return;
            }
            replies.sent(response.callNumber, engine.nextMessageNumber() - 1);
            unsent.poll();
            pending--;
            registry.metrics.increment(TransportMetrics.Counter.MESSAGES_SENT, linkType);
        }
    }

    /** The client closed its sequence: close ours once every one of its messages is answered. */
    private void closeIfPeerDone() {
        if (peerClosed && pending == 0 && !closing && driver.engine().state() == ReliabilityEngine.State.OPEN) {
            closing = true;
            driver.engine().close();
        }
    }

    @Override
    public void onEvent(EngineEvent event) {
        switch (event.kind()) {
            case WRITABLE:
                offerUnsent();
                break;
            case PEER_CLOSED:
                peerClosed = true;
                closeIfPeerDone();
                break;
            case FINISHED:
                rememberPath(); // before it counts as finished: a next stream that saw the count finds the path
                registry.metrics.increment(TransportMetrics.Counter.SESSIONS_FINISHED, linkType);
                LOG.debug("session {} finished", id());
                end();
                break;
            case FAILED:
                registry.metrics.increment(TransportMetrics.Counter.SESSIONS_FAILED, linkType);
                LOG.info("session {} failed: {}", id(), event);
                end();
                break;
            default:
                throw new AssertionError(event);
        }
    }

    /**
     * Has the registry admit this verified candidate, then the store confirm it off the event loop (its shared
     * epoch raised, a use of the session: a shared store may block); {@code then} runs on this loop once it is
     * confirmed and made the session's latest stream, at once for a stream confirmed before; {@code refused} hears
     * a refusal instead, and the candidate ends. While the store confirms, a later handshake of the stream (its
     * client connected again) takes the place of the one waiting, which is refused. A candidate the store confirmed
     * once no connection {@code awaited} it any more (its client's broke, or timed out) holds the epoch the store
     * raised for it, superseding nothing, until its client's next handshake opens it.
     */
    private void admit(BooleanSupplier awaited, Runnable then, Consumer<WireException> refused) {
        Opener next = new Opener(awaited, then, refused);
        switch (admission) {
            case CONFIRMED -> then.run();
            case AWAITING_CLIENT -> {
                opener = next;
                confirmed(null);
            }
            case CONFIRMING -> {
                Opener previous = opener;
                opener = next;
                previous.refused().accept(new WireException(ErrorCode.ABORTED,
                        "a later connection of stream " + epoch + " took this one's place"));
            }
            case CANDIDATE -> confirm(next);
        }
    }

    /** The registry admits this candidate, and the store is asked to confirm it, for {@code opener}. */
    private void confirm(Opener first) {
        try {
            registry.admit(this);
        } catch (WireException e) {
            first.refused().accept(e);
            return;
        }
        admission = Admission.CONFIRMING;
        opener = first;
        try {
            registry.lookups().execute(() -> {
                WireException refusal = null;
                try {
                    registry.confirm(this);
                } catch (WireException e) {
                    refusal = e;
                } catch (RuntimeException e) {
                    LOG.warn("session {}: the store failed to confirm stream {}", id(), epoch, e);
                    refusal = new WireException(ErrorCode.UNKNOWN_SESSION, "session store unavailable");
                }
                WireException outcome = refusal;
                execute(() -> confirmed(outcome));
            });
        } catch (RejectedExecutionException e) {
            confirmed(new WireException(ErrorCode.UNKNOWN_SESSION, "the server is busy looking up sessions"));
        }
    }

    /**
     * The store answered for this admitted candidate, or its client came back to it: it streams for its opener,
     * unless refused, aborted or superseded meanwhile (then it ends, and the registry forgets it), or no longer
     * awaited (then it awaits its client).
     */
    private void confirmed(@Nullable WireException refusal) {
        Opener waiting = opener;
        opener = null;
        if (refusal == null && ended) {
            refusal = new WireException(ErrorCode.ABORTED, "stream " + epoch + " was closed as it opened");
        }
        if (refusal == null && !waiting.awaited().getAsBoolean()) {
            admission = Admission.AWAITING_CLIENT;
            LOG.debug("session {}: stream {} confirmed after its connection left; it awaits its client", id(), epoch);
            return;
        }
        ServerSession superseded = null;
        if (refusal == null) {
            try {
                superseded = registry.confirmed(this);
            } catch (WireException e) {
                refusal = e;
            }
        }
        if (refusal != null) {
            ended = true;
            registry.refused(this);
            waiting.refused().accept(refusal);
            return;
        }
        admission = Admission.CONFIRMED;
        earlierPath = superseded != null && linkType == LinkType.DATAGRAM ? superseded.endedPath : null;
        waiting.then().run();
    }

    private void start() {
        ReliabilityEngine engine = new ReliabilityEngine(
                registry.engineConfig(stored.context().characteristics().reliability(), linkType),
                ThreadLocalRandom.current(),
                System.nanoTime());
        engineConfig = engine.config();
        driver = new EngineDriver(engine, new EventLoopContext(loop), System::nanoTime, this);
        route = registry.dispatcher.bind(this);
        registry.metrics.increment(TransportMetrics.Counter.SESSIONS_OPENED, linkType);
    }

    /**
     * Before the new UDP stream sends anything: when the stream it superseded finished gracefully with the same
     * client address minutes ago, its engine starts from that stream's estimate of the path.
     */
    private void resumePathTo(InetSocketAddress client) {
        EndedPath ended = earlierPath;
        earlierPath = null;
        PathEstimate earlier = ended != null ? ended.forStreamFrom(client.getAddress(), System.nanoTime()) : null;
        if (earlier != null && driver.engine().resumePath(earlier)) {
            registry.metrics.increment(TransportMetrics.Counter.PATHS_RESUMED);
        }
    }

    /** A UDP stream that finished gracefully leaves what it learned of its path for the session's next stream. */
    private void rememberPath() {
        Link link = driver.link();
        PathEstimate estimate = driver.engine().pathEstimate();
        if (link instanceof DatagramLink && estimate != null) {
            endedPath = EndedPath.of(((DatagramLink) link).peer().getAddress(), estimate, System.nanoTime());
        }
    }

    /**
     * Closes the link and stops and drops the engine. The session stays in the store (its client may open a
     * new stream with a higher epoch until it expires), and this ended stream stays in the registry as the
     * session's latest: its epoch is the floor a new stream must exceed, and late frames of a lingering peer
     * are refused as replayed.
     */
    private void end() {
        ended = true;
        if (datagramReader != null && datagramReader.connectionId() != null) {
            registry.releaseConnectionId(datagramReader.connectionId(), this);
        }
        if (datagramPath != null) {
            datagramPath.stop();
        }
        countRetransmissions();
        // The turn that ends the stream runs no afterTurn: what its client acknowledged last (on a graceful finish,
        // every reply) is forgotten here, or the reply cache kept one more reply with each stream of the session.
        forgetAcknowledgedReplies();
        unsent = null;
        Link link = driver.link();
        if (link != null) {
            link.close(null);
        }
        driver.stop();
        driver = null;
    }

    /**
     * Whether to keep the stored session alive now that it streams: one store use per {@link #touchIntervalNanos}
     * at most. The use ({@link #touch}) runs on the dispatch executor, as the store may be remote: with the first
     * message the turn hands over, or alone after the turn.
     */
    private boolean touchIsDue() {
        long now = System.nanoTime();
        if (now - lastTouch < touchIntervalNanos()) {
            return false;
        }
        lastTouch = now;
        return true;
    }

    /**
     * A tenth of the session's idle expiry (the store's, or the shorter lifetime the session agreed), between one
     * and ten seconds: a busy session stays far from expiring, and a shared store is not asked once a second for
     * each of thousands of sessions. It is also how soon a stream sees that its session was removed elsewhere.
     */
    private long touchIntervalNanos() {
        long idleMillis = Math.min(registry.store.limits().idleTimeoutMillis(),
                context().characteristics().reliability().validForMillis());
        return TimeUnit.MILLISECONDS.toNanos(Math.max(MIN_TOUCH_INTERVAL_MILLIS,
                Math.min(MAX_TOUCH_INTERVAL_MILLIS, idleMillis / 10)));
    }

    /** On the dispatch executor: marks the stored session as used; a session the store no longer holds ends. */
    private void touch() {
        try {
            if (!registry.store.touch(id())) {
                evict("session " + id() + " expired");
            }
        } catch (ContextStoreException e) {
            LOG.debug("session {}: context store unavailable: {}", id(), e.getMessage());
        }
    }

    static String describe(RemovalCause cause) {
        return "session " + cause.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return "ServerSession[" + id() + " epoch " + epoch + ", " + linkType + "]";
    }

    /** A dispatcher's answer waiting for room in the engine's send buffer. */
    private static final class Response {
        final byte[] body;
        final int operation;
        final long correlation;
        final long callNumber;

        Response(byte[] body, int operation, long correlation, long callNumber) {
            this.body = body;
            this.operation = operation;
            this.correlation = correlation;
            this.callNumber = callNumber;
        }
    }

    /** Where a stream is on its way from candidate to the session's latest stream. */
    private enum Admission {
        /** Made for a handshake or datagram not verified yet. */
        CANDIDATE,
        /** Verified and admitted by the registry; the store is asked to confirm it. */
        CONFIRMING,
        /**
         * The store confirmed it (its epoch is taken on every node) when no connection awaited it any more: it stays
         * the registry's candidate, superseding nothing, and opens with its client's next handshake.
         */
        AWAITING_CLIENT,
        /** The store confirmed it, and it is the session's latest stream: it streams. */
        CONFIRMED
    }

    /**
     * Who waits for a candidate to open, and hears how it went: the latest connection whose handshake verified
     * (TCP), or the datagrams verified meanwhile (UDP).
     */
    private record Opener(BooleanSupplier awaited, Runnable then, Consumer<WireException> refused) {
    }

    /** A datagram verified under the stream's keys: its frames, where it came from, its size, whether newest. */
    private record VerifiedDatagram(List<Frame> frames, InetSocketAddress sender, int size, boolean newest,
                                    Channel channel) {
    }
}
