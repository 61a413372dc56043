package org.hhfr.client;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.hhfr.negotiation.soap.FaultCode;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Message;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.client.ClientStream;
import org.hhfr.transports.fault.StreamFault;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.HeadedPayload;
import org.hhfr.transports.reliability.DeliveredMessage;
import org.hhfr.transports.reliability.EngineEvent;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.hhfr.transports.reliability.ReliabilityEngine;

/**
 * A session's calls over one negotiated stream, shared by the TCP and UDP links: the owner of the stream's
 * {@link ClientStream} (engine, driver and calls, as in every client of {@code transports/protocol}), run in
 * a {@link ClientSerialContext}. Calls are offered to the engine, which numbers, buffers (bounded: a call
 * waits for room, or fails at its deadline) and retransmits them; responses are matched to calls by the
 * message number they answer. The engine lives as long as the stream, across reconnections, so a resumed
 * connection loses and duplicates nothing.
 *
 * <p>A link may carry calls before its server accepted the stream (TCP pipelines them behind its HELLO). Until
 * the link {@linkplain #accepted() reports acceptance}, the calls are kept with their requests; if the
 * server's answer {@linkplain #refuse refuses} the stream instead, it processed none of them, so they are
 * handed back to the session unanswered and unfailed, to be sent another way. Without such an answer (the
 * connection broke or stayed silent) the server may have run them: they stay on the stream, which reconnects.
 *
 * <p>Threads: callers, the link's reader and writer and the client's timer submit work to the context; no
 * network call happens there (links hand bytes to the writer thread's {@link FrameOutbox}). Responses are
 * decoded and calls completed outside the context, by the thread that ran it.
 */
abstract class StreamChannel implements Channel, ClientStream.Owner<StreamCall> {
    private static final long CLOSE_GRACE_MILLIS = 1_000;

    final StreamSettings settings;
    final ClientSerialContext context;
    /** The engine's side of the stream; used in {@link #context} only. */
    final ClientStream<StreamCall> stream;
    /** What the engine runs: the agreed policy within the client's own bounds. Immutable, so any thread. */
    final ReliabilityConfig engineConfig;
    /** Bytes on their way to the network, sent by the writer thread. */
    final FrameOutbox outbox;
    /** Where refused calls go; {@code null} for a link that is accepted from the start. */
    private final HandBack handBack;
    private final AtomicBoolean closing = new AtomicBoolean();
    /** Completed when the stream ended, gracefully or not. */
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    /** Why the stream is lost; written in the context only. */
    private volatile HhfrException failure;
    /**
     * Whether the stream was lost after its server accepted it: it stays usable, handing every call to the
     * session's next endpoint. Written in the context only.
     */
    private volatile boolean failingOver;
    /** Whether the server refused the stream before accepting it; written in the context only. */
    private volatile boolean refused;
    private volatile boolean terminated;
    /** Whether the server accepted the stream, so its calls can no longer be handed back. Context only. */
    private boolean accepted;
    /**
     * Where the calls go when the stream is lost after its server accepted it; {@code null}: they fail with it.
     * The grant's, or, for the early stream of a proposed session, the answer's (see {@link #failOverTo}). Written
     * in the context only.
     */
    private volatile Failover failover;

    /**
     * @param handBack where calls go if the server refuses the stream before accepting it; {@code null} when
     *                 the link carries no call before the server accepted it
     */
    StreamChannel(StreamSettings settings, ReliabilityConfig config, HandBack handBack) {
        this.settings = settings;
        this.context = new ClientSerialContext(settings.timer);
        ReliabilityEngine engine = new ReliabilityEngine(settings.configure(config), new Random(), System.nanoTime());
        this.engineConfig = engine.config();
        this.stream = new ClientStream<>(engine, context, System::nanoTime, this);
        this.outbox = new FrameOutbox(stream.driver()::requestRun);
        this.handBack = handBack;
        this.accepted = handBack == null;
        this.failover = settings.failover;
    }

    /**
     * The answer granted the session this early stream proposed, naming other endpoints of it: the proposal knew
     * none, but a loss of the stream now moves its calls to the next one, as for any stream of the session. Too
     * late for a stream that ended already.
     */
    final void failOverTo(Failover next) {
        context.execute(() -> {
            if (failover == null) {
                failover = next;
            }
        });
    }

    /** Names the stream in messages. */
    abstract String describe();

    /** Ends the link's reading and its sockets; the engine is done with. */
    abstract void terminateLink();

    @Override
    public final boolean blocksCaller() {
        return false;
    }

    @Override
    public final boolean isUsable() {
        return (failure == null || failingOver) && !closing.get();
    }

    @Override
    public final void start(PendingCall call, Message request) {
        byte[] payload;
        try {
            payload = StreamCall.payload(settings, call, request);
        } catch (IOException e) {
            call.fail(new HhfrException("the headers of the call cannot be written: " + e.getMessage(), e));
            return;
        }
        if (payload.length > settings.requestLimit) {
            call.fail(new MessageTooLargeException("the request " + request.structure().root().name().localName(),
                    payload.length, settings.requestLimit));
            return;
        }
        CallDetails leaving = call.depart(mode(), request);
        if (leaving == null) {
            return;
        }
        String caller = settings.otherCaller(leaving.headers());
        if (caller != null || StreamSettings.changeTheCall(leaving.headers())) {
            settings.callerChange.callerChanged(this, new UnsentCall(call, request), caller);
            return;
        }
        long correlation = settings.callNumbers.correlationOf(call.callNumber(settings.callNumbers));
        StreamCall streamCall = new StreamCall(call, request, payload, call.headers().isEmpty() ? 0
                : HeadedPayload.OPERATION, correlation);
        // Abandoned (cancelled, expired): the stream forgets it and tells the server to skip it.
        call.onAbandon(() -> context.execute(() -> stream.cancel(streamCall)));
        context.execute(() -> offer(streamCall));
    }

    private void offer(StreamCall call) {
        if (refused) {
            context.afterwards(() -> handBack.handBack(this, Collections.singletonList(call.unsent())));
        } else if (failingOver) {
            Failover next = failover;
            context.afterwards(() -> next.failedOver(this, Collections.singletonList(call.unsent())));
        } else if (!stream.call(call)) {
            HhfrException cause = failure;
            context.afterwards(() -> call.call.fail(cause != null ? new StreamLostException(cause.getMessage(), cause)
                    : new SessionClosedException(describe() + " is closed")));
        }
    }

    /** In the context: frames from the link, then one turn for them all. */
    final void receive(List<Frame> frames) {
        for (Frame frame : frames) {
            try {
                stream.driver().receive(frame);
            } catch (WireException e) {
                // The engine has failed and queued an ERROR for the peer; the turn reports its FAILED event.
            }
        }
        stream.driver().run();
    }

    /**
     * The offer proposing this stream's session is written whole: datagrams held back so as not to queue ahead
     * of it ({@link UdpChannel}) may go. A TCP stream holds nothing back. Not in the context.
     */
    final void offerSent() {
        context.execute(() -> stream.limitFlight(Long.MAX_VALUE));
    }

    /** Whether messages are sent and not yet acknowledged: the peer owes us an answer. Not in the context. */
    final boolean awaitingPeer() {
        return context.ask(() -> stream.engine().inFlight() > 0);
    }

    /** Whether calls sent on the stream still await their answers: the peer owes us a response. Not in the context. */
    final boolean awaitingAnswers() {
        return context.ask(() -> stream.awaitingResponse() > 0);
    }

    /** Why the stream is lost, or {@code null} while it is not. */
    final String failureReason() {
        HhfrException lost = failure;
        return lost != null ? lost.getMessage() : null;
    }

    final boolean isLost() {
        return failure != null || terminated;
    }

    final boolean isTerminated() {
        return terminated;
    }

    /** Whether {@link #close()} began: a connection that breaks from now on ends the stream, unreplaced. */
    final boolean isClosing() {
        return closing.get();
    }

    /** In the context: the server accepted the stream; from now on its calls are the server's. */
    final void accepted() {
        accepted = true;
    }

    /**
     * The server's answer to the handshake refused the stream before accepting it (an ERROR, or a WELCOME that
     * does not prove the token), so it ran none of its calls: the stream is lost, and every call made on it
     * so far, or later, goes back to the session unanswered. Never for a silent or broken connection.
     */
    final void refuse(HhfrException cause) {
        context.execute(() -> {
            recordFailure(cause);
            refused = true;
            List<UnsentCall> returned = new ArrayList<>();
            if (!accepted) {
                for (StreamCall call : stream.takeCalls()) {
                    if (!call.isDone()) {
                        returned.add(call.unsent());
                    }
                }
            }
            stream.abort(ErrorCode.ABORTED, cause.getMessage());
            // Even when closing: the session closes a stream it finds unusable, and fails or resends its calls.
            context.afterwards(() -> handBack.handBack(this, returned));
        });
    }

    /** The stream failed for good: every call waiting fails with {@code cause}. */
    final void lose(HhfrException cause) {
        context.execute(() -> {
            recordFailure(cause);
            accepted = true; // A lost stream hands nothing back: its server may have run the calls.
            stream.abort(ErrorCode.ABORTED, cause.getMessage());
        });
    }

    @Override
    public final void close(HhfrException cause) {
        lose(cause);
        close();
    }

    private void recordFailure(HhfrException cause) {
        if (failure == null) {
            failure = cause;
        }
    }

    @Override
    public final void answered(StreamCall call, DeliveredMessage message) {
        context.afterwards(() -> deliver(call.call, message));
    }

    /** In the context, when the stream ended gracefully: the link may keep what it learned. */
    void endedGracefully() {
    }

    @Override
    public final void ended(EngineEvent failed, List<StreamCall> unanswered) {
        if (failed == null) {
            endedGracefully();
        }
        Failover next = failover;
        failingOver = failed != null && !closing.get() && !refused && next != null;
        if (failed != null) {
            recordFailure(new StreamLostException(describe() + " failed: " + failed.reason(), null));
        } else if (!closing.get()) {
            recordFailure(new StreamLostException(describe() + " ended", null));
        }
        ended.complete(null);
        if (failingOver) {
            List<UnsentCall> inDoubt = new ArrayList<>();
            for (StreamCall call : unanswered) {
                call.call.markInDoubt();
                inDoubt.add(call.unsent());
            }
            context.afterwards(() -> next.failedOver(this, inDoubt));
        } else if (!unanswered.isEmpty()) {
            context.afterwards(() -> failAll(unanswered));
        }
        if (!failingOver && !refused && !closing.get()) {
            // Lost for good while the session thought it open: it hears of it now (once its calls failed), not at
            // its next call.
            context.afterwards(() -> settings.loss.lost(this));
        }
    }


    private void deliver(PendingCall call, DeliveredMessage message) {
        byte[] payload = message.payload();
        if (message.operation() == StreamFault.OPERATION) {
            call.fail(serviceFault(StreamFault.decodeAnswer(payload, describe())));
            return;
        }
        try {
            call.complete(settings.representation.decode(settings.operation.response(), payload, 0,
                    payload.length));
        } catch (MalformedMessageException e) {
            call.fail(new HhfrException("the response on " + describe() + " does not match the operation's "
                    + "schema: " + e.getMessage(), e));
        }
    }

    private void failAll(List<StreamCall> calls) {
        HhfrException cause = failure;
        for (StreamCall call : calls) {
            call.call.fail(cause != null ? new StreamLostException(cause.getMessage(), cause)
                    : new SessionClosedException(describe() + " was closed while the call was in flight"));
        }
    }

    /**
     * Ends our sequence gracefully (what was offered is still delivered, then CLOSE and TERMINATE), waits a
     * moment for the peer to confirm, then stops the link. Calls still waiting fail.
     */
    @Override
    public final void close() {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        context.execute(() -> {
            List<StreamCall> calls = stream.takeCalls();
            if (!calls.isEmpty()) {
                context.afterwards(() -> failAll(calls));
            }
            if (failure == null) {
                stream.closeGracefully();
            }
        });
        if (failure == null) {
            try {
                ended.get(CLOSE_GRACE_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // The peer did not confirm in time: the link stops all the same.
            }
        }
        terminated = true;
        context.execute(() -> stream.driver().stop());
        terminateLink();
        outbox.close();
    }

    /** Waits (bounded) for a link thread to end. */
    static void join(Thread thread) {
        if (thread == null || thread == Thread.currentThread()) {
            return;
        }
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A stream fault answers one call as a SOAP fault would: same exception, code in the client's SOAP version. */
    private ServiceFaultException serviceFault(StreamFault fault) {
        FaultCode code = fault.code() == StreamFault.Code.SENDER ? FaultCode.SENDER : FaultCode.RECEIVER;
        return new ServiceFaultException(code.qualifiedName(settings.client.soapVersion), code, fault.reason(),
                null);
    }

    /**
     * Takes the calls of a stream lost after its server accepted it (its node stopped, or stayed unreachable for
     * the reconnect window): they go on at another endpoint of the same session, whose nodes answer a call
     * that ran already with its recorded reply. Called like {@link HandBack#handBack}.
     */
    interface Failover {
        void failedOver(StreamChannel lost, List<UnsentCall> calls);
    }

    /**
     * Takes a call the interceptors gave other HTTP headers than the call that negotiated the session (see
     * {@link org.hhfr.contextstore.ResumptionTicket#callerHeaders}), which digest to {@code caller}, or
     * ({@code caller} null) the session caller's with one that changes what the call does (an idempotency key);
     * it was not sent. Called on the caller's thread; must not block.
     */
    interface CallerChange {
        void callerChanged(StreamChannel stream, UnsentCall call, String caller);
    }

    /**
     * Hears that a stream its session did not close is lost for good (failed, or ended by its server), its calls
     * failed; not for a stream refused ({@link HandBack}) or failing over ({@link Failover}). Called like
     * {@link HandBack#handBack}.
     */
    interface Loss {
        void lost(StreamChannel lost);
    }

    /** Takes back the calls of a stream its server refused: none of them ran, none has failed. */
    interface HandBack {
        /**
         * Called on the link's reader thread or a caller's thread, outside the stream's serial context; must
         * not block (the reader is joined when the channel closes).
         */
        void handBack(StreamChannel refused, List<UnsentCall> calls);
    }
}
