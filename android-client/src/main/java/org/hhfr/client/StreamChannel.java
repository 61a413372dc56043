package org.hhfr.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.hhfr.negotiation.soap.FaultCode;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Message;
import org.hhfr.transports.WireException;
import org.hhfr.transports.fault.StreamFault;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.reliability.DeliveredMessage;
import org.hhfr.transports.reliability.EngineEvent;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.hhfr.transports.reliability.ReliabilityEngine;

/**
 * A session's calls over one negotiated stream: the java.net adapter around the sans-I/O
 * {@link ReliabilityEngine}, shared by the TCP and UDP links. Calls are offered to the engine, which numbers,
 * buffers (bounded: a full buffer makes the caller wait until it drains or its deadline passes) and
 * retransmits them; responses are matched to calls by the message number they answer. The engine lives as
 * long as the session, across reconnections, so a resumed connection loses and duplicates nothing.
 *
 * <p>A link may carry calls before its server accepted the stream (TCP pipelines them behind its HELLO). Until
 * the link {@linkplain #acceptedLocked() reports acceptance}, the channel keeps each call's request; if the
 * server's answer {@linkplain #refuse refuses} the stream instead, it processed none of them, so they are
 * handed back to the session unanswered and unfailed, to be sent another way. Without such an answer (the
 * connection broke or stayed silent) the server may have run them: they stay on the stream, which reconnects.
 *
 * <p>Threads: the link's reader and writer, the callers, and the client's timer meet here under one lock
 * that guards the engine. Responses are decoded and completed outside the lock, on the reader thread.
 */
abstract class StreamChannel implements Channel {
    private static final long CLOSE_GRACE_MILLIS = 1_000;
    /** What {@link #offer} returns for a call it handed back because the stream was refused. */
    private static final long HANDED_BACK = Long.MIN_VALUE;

    final Object lock = new Object();
    final StreamSettings settings;
    /** Guarded by {@link #lock}. */
    final ReliabilityEngine engine;
    private final Map<Long, PendingCall> pending = new HashMap<>();
    private boolean transmitDue;
    private boolean closing;
    private boolean terminated;
    private HhfrException failure;
    private ScheduledFuture<?> tick;
    private long tickAt = ReliabilityEngine.NO_DEADLINE;
    /** Where refused calls go; {@code null} for a link that is accepted from the start. */
    private final HandBack handBack;
    /** Calls made before the server accepted the stream; {@code null} once accepted. Guarded by {@link #lock}. */
    private List<UnsentCall> unconfirmed;
    /** Whether the server refused the stream before accepting it. Guarded by {@link #lock}. */
    private boolean refused;

    /**
     * @param handBack where calls go if the server refuses the stream before accepting it; {@code null} when
     *                 the link carries no call before the server accepted it
     */
    StreamChannel(StreamSettings settings, ReliabilityConfig config, HandBack handBack) {
        this.settings = settings;
        this.engine = new ReliabilityEngine(settings.configure(config), new Random(), System.nanoTime());
        this.handBack = handBack;
        this.unconfirmed = handBack != null ? new ArrayList<UnsentCall>() : null;
    }

    /** Names the stream in messages. */
    abstract String describe();

    /** Ends the link's I/O and threads; the engine is done with. */
    abstract void terminateLink();

    @Override
    public final boolean blocksCaller() {
        return false;
    }

    @Override
    public final boolean isUsable() {
        synchronized (lock) {
            return failure == null && !closing;
        }
    }

    @Override
    public final void start(PendingCall call, Message request) {
        try {
            long number = offer(encode(request), call.remainingMillis(), call, request);
            if (number == HANDED_BACK) {
                handBack.handBack(this, Collections.singletonList(new UnsentCall(call, request)));
            } else if (number != ReliabilityEngine.REFUSED) {
                call.future().whenComplete((response, failed) -> forget(number));
            }
        } catch (HhfrException e) {
            call.fail(e);
        }
    }

    private byte[] encode(Message request) throws MessageTooLargeException {
        byte[] payload = settings.representation.encode(request);
        if (payload.length > settings.requestLimit) {
            throw new MessageTooLargeException("the request " + request.structure().root().name().localName(),
                    payload.length, settings.requestLimit);
        }
        return payload;
    }

    /**
     * Hands a request to the engine, waiting while its buffer is full, and registers {@code call} for its
     * response in the same step, so a fast response cannot miss it. Returns the message's number, REFUSED
     * when {@code call} completed (timed out) while waiting, or HANDED_BACK when the server refused the stream.
     */
    private long offer(byte[] payload, int timeoutMillis, PendingCall call, Message request) throws HhfrException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        long number;
        synchronized (lock) {
            while (true) {
                if (refused && !closing) {
                    return HANDED_BACK;
                }
                requireUsableLocked();
                number = engine.offer(payload, 0, 0);
                if (number != ReliabilityEngine.REFUSED) {
                    pending.put(number, call);
                    if (unconfirmed != null) {
                        unconfirmed.add(new UnsentCall(call, request));
                    }
                    break;
                }
                if (call.isDone()) {
                    return ReliabilityEngine.REFUSED;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new CallTimeoutException(describe() + " stayed full of unacknowledged messages for "
                            + timeoutMillis + " ms", timeoutMillis, null);
                }
                waitLocked(TimeUnit.NANOSECONDS.toMillis(left) + 1);
            }
            wakeWriterLocked();
        }
        scheduleTick();
        return number;
    }

    private void requireUsableLocked() throws HhfrException {
        if (failure != null) {
            throw new StreamLostException(failure.getMessage(), failure);
        }
        if (closing) {
            throw new SessionClosedException(describe() + " is closed");
        }
    }

    private void forget(long number) {
        synchronized (lock) {
            pending.remove(number);
        }
    }

    /** Whether messages are sent and not yet acknowledged: the peer owes us an answer. */
    final boolean awaitingPeer() {
        synchronized (lock) {
            return engine.inFlight() > 0;
        }
    }

    final boolean isLost() {
        synchronized (lock) {
            return failure != null || terminated;
        }
    }

    final boolean isTerminated() {
        synchronized (lock) {
            return terminated;
        }
    }

    /** A frame from the link, after the handshake. Called by the reader thread. */
    final void onFrame(Frame frame) {
        List<Delivery> deliveries = new ArrayList<>();
        List<PendingCall> failed = new ArrayList<>();
        synchronized (lock) {
            try {
                engine.receive(frame, System.nanoTime());
            } catch (WireException e) {
                // The engine has failed and queued an ERROR for the peer; its FAILED event is handled below.
            }
            collectLocked(deliveries, failed);
        }
        finish(deliveries, failed);
        scheduleTick();
    }

    /** The server accepted the stream: from now on its calls are the server's, answered or lost with it. */
    final void acceptedLocked() {
        unconfirmed = null;
    }

    /**
     * The server's answer to the handshake refused the stream before accepting it (an ERROR, or a WELCOME that
     * does not prove the token), so it ran none of its calls: the stream is lost, and every call made on it
     * so far, or later, goes back to the session unanswered. Never for a silent or broken connection.
     */
    final void refuse(HhfrException cause) {
        List<UnsentCall> returned = new ArrayList<>();
        boolean closedMeanwhile;
        synchronized (lock) {
            closedMeanwhile = closing;
            if (failure == null) {
                failure = cause;
            }
            refused = true;
            if (unconfirmed != null) {
                for (UnsentCall unsent : unconfirmed) {
                    if (!unsent.call.isDone()) {
                        returned.add(unsent);
                    }
                }
                unconfirmed = null;
            }
            pending.clear();
            lock.notifyAll();
        }
        if (!closedMeanwhile) {
            handBack.handBack(this, returned);
        }
    }

    /** The stream failed for good: every call waiting fails with {@code cause}. */
    final void lose(HhfrException cause) {
        List<PendingCall> failed = new ArrayList<>();
        synchronized (lock) {
            loseLocked(cause, failed);
        }
        finish(new ArrayList<>(), failed);
    }

    private void loseLocked(HhfrException cause, List<PendingCall> failed) {
        if (failure == null) {
            failure = cause;
        }
        unconfirmed = null; // A lost stream hands nothing back: its server may have run the calls.
        failed.addAll(pending.values());
        pending.clear();
        lock.notifyAll();
    }

    private void collectLocked(List<Delivery> deliveries, List<PendingCall> failed) {
        DeliveredMessage message;
        while ((message = engine.poll()) != null) {
            PendingCall call = pending.remove(message.correlation());
            if (call != null) {
                deliveries.add(new Delivery(call, message.payload(), message.operation() == StreamFault.OPERATION));
            }
        }
        EngineEvent event;
        while ((event = engine.pollEvent()) != null) {
            if (event.kind() == EngineEvent.Kind.FAILED) {
                loseLocked(new StreamLostException(describe() + " failed: " + event.reason(), null), failed);
            }
        }
        if (engine.state() != ReliabilityEngine.State.OPEN && failure == null && !closing) {
            loseLocked(new StreamLostException(describe() + " ended", null), failed);
        }
        wakeWriterLocked();
    }

    private void finish(List<Delivery> deliveries, List<PendingCall> failed) {
        for (Delivery delivery : deliveries) {
            if (delivery.fault) {
                delivery.call.fail(serviceFault(delivery.payload));
                continue;
            }
            try {
                delivery.call.complete(settings.representation.decode(settings.operation.response(),
                        delivery.payload, 0, delivery.payload.length));
            } catch (MalformedMessageException e) {
                delivery.call.fail(new HhfrException("the response on " + describe() + " does not match the "
                        + "operation's schema: " + e.getMessage(), e));
            }
        }
        HhfrException cause;
        synchronized (lock) {
            cause = failure;
        }
        for (PendingCall call : failed) {
            call.fail(cause != null ? new StreamLostException(cause.getMessage(), cause)
                    : new SessionClosedException(describe() + " was closed while the call was in flight"));
        }
    }

    final void wakeWriterLocked() {
        transmitDue = true;
        lock.notifyAll();
    }

    /** Waits on the lock; false when interrupted (the interrupt is kept). */
    final boolean waitLocked(long millis) {
        try {
            lock.wait(Math.max(1, millis));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * For the writer, with the lock held: true when frames are due and the link can take them (then take
     * them with {@link #pollTransmitLocked}); otherwise waits a while and returns false, to be asked again.
     */
    final boolean awaitTransmitLocked(boolean linkReady) {
        if (terminated) {
            return false;
        }
        if (!transmitDue || !linkReady) {
            waitLocked(TimeUnit.SECONDS.toMillis(1));
            return false;
        }
        transmitDue = false;
        return true;
    }

    final Frame pollTransmitLocked() {
        return engine.pollTransmit(System.nanoTime());
    }

    /** Arms the timer for the engine's next deadline, if it is earlier than the one armed. */
    final void scheduleTick() {
        synchronized (lock) {
            long deadline = engine.nextDeadline();
            if (terminated || deadline == ReliabilityEngine.NO_DEADLINE || tick != null && tickAt <= deadline) {
                return;
            }
            if (tick != null) {
                tick.cancel(false);
            }
            tickAt = deadline;
            tick = settings.timer.schedule(this::onTick, deadline - System.nanoTime());
        }
    }

    private void onTick() {
        List<Delivery> deliveries = new ArrayList<>();
        List<PendingCall> failed = new ArrayList<>();
        synchronized (lock) {
            tick = null;
            tickAt = ReliabilityEngine.NO_DEADLINE;
            engine.tick(System.nanoTime());
            collectLocked(deliveries, failed);
        }
        finish(deliveries, failed);
        scheduleTick();
    }

    /**
     * Ends our sequence gracefully (what was offered is still delivered, then CLOSE and TERMINATE), waits a
     * moment for the peer to confirm, then stops the link. Calls still waiting fail.
     */
    @Override
    public final void close() {
        List<PendingCall> failed = new ArrayList<>();
        synchronized (lock) {
            if (closing) {
                return;
            }
            closing = true;
            failed.addAll(pending.values());
            pending.clear();
            if (failure == null && engine.state() == ReliabilityEngine.State.OPEN) {
                engine.close();
                wakeWriterLocked();
            }
        }
        finish(new ArrayList<>(), failed);
        scheduleTick();
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLOSE_GRACE_MILLIS);
        synchronized (lock) {
            while (failure == null && engine.state() == ReliabilityEngine.State.OPEN && end - System.nanoTime() > 0) {
                if (!waitLocked(TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime()) + 1)) {
                    break;
                }
            }
            terminated = true;
            if (tick != null) {
                tick.cancel(false);
                tick = null;
            }
            lock.notifyAll();
        }
        terminateLink();
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
    private ServiceFaultException serviceFault(byte[] body) {
        StreamFault fault;
        try {
            fault = StreamFault.decode(body);
        } catch (WireException e) {
            fault = StreamFault.of(StreamFault.Code.RECEIVER, "the fault on " + describe() + " cannot be read: "
                    + e.getMessage());
        }
        FaultCode code = fault.code() == StreamFault.Code.SENDER ? FaultCode.SENDER : FaultCode.RECEIVER;
        return new ServiceFaultException(code.qualifiedName(settings.client.soapVersion()), code, fault.reason(),
                null);
    }

    /** Takes back the calls of a stream its server refused: none of them ran, none has failed. */
    interface HandBack {
        /**
         * Called on the link's reader thread or a caller's thread, never with the channel's lock held; must
         * not block (the reader is joined when the channel closes).
         */
        void handBack(StreamChannel refused, List<UnsentCall> calls);
    }

    /** A response and the call it answers. */
    private static final class Delivery {
        final PendingCall call;
        final byte[] payload;
        /** Whether the payload is a {@link StreamFault} in place of the response. */
        final boolean fault;

        Delivery(PendingCall call, byte[] payload, boolean fault) {
            this.call = call;
            this.payload = payload;
            this.fault = fault;
        }
    }
}
