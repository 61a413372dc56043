package org.hhfr.transports.driver;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.reliability.DeliveredMessage;
import org.hhfr.transports.reliability.EngineEvent;
import org.hhfr.transports.reliability.ReliabilityEngine;

/**
 * Runs one {@link ReliabilityEngine} in one {@link SerialContext}: the adapter between the sans-I/O engine and
 * a {@link Link}, with the clock and the context injected, so the Netty server, the Netty client and the
 * java.net client drive their engines the same way. Everything but {@link #requestRun} runs in the context,
 * so the engine needs no lock. A <em>turn</em> ({@link #run}) hands ready messages to the listener (as long as
 * it can accept them), writes every frame the engine has for the link without flushing and flushes once (many
 * messages, one send), reports the engine's events (and turns again while they freed room), controls reading,
 * and arms a single timer for the engine's next deadline.
 */
public final class EngineDriver {
    /** The side that owns the engine: takes delivered messages and reacts to events. Called in the context. */
    public interface Listener {
        /** Whether another delivered message may be taken now; false leaves it in the engine (backpressure). */
        boolean canAccept();

        void onMessage(DeliveredMessage message);

        void onEvent(EngineEvent event);

        /**
         * Whether to read the link now. Never pause only because messages wait for dispatch: the peer's
         * acknowledgements, which free the send buffer, arrive on the same link (pausing would deadlock).
         */
        boolean shouldRead(Link link);

        /** A turn ended (frames written and flushed, timer armed): e.g. to read the engine's counters. */
        default void afterTurn() {
        }
    }

    private final ReliabilityEngine engine;
    private final SerialContext context;
    private final LongSupplier clock;
    private final Listener listener;
    /** Any thread: whether a turn is already submitted to the context. */
    private final AtomicBoolean runRequested = new AtomicBoolean();
    private volatile boolean stopped;
    private Link link;
    private SerialContext.Timer timer;
    private long timerAt = ReliabilityEngine.NO_DEADLINE;
    /** Counts armings, so that a timer cancelled too late to stop it (already queued) does nothing. */
    private long armings;

    /** @param clock monotonic nanoseconds, the engine's time (e.g. {@code System::nanoTime}) */
    public EngineDriver(ReliabilityEngine engine, SerialContext context, LongSupplier clock, Listener listener) {
        this.engine = engine;
        this.context = context;
        this.clock = clock;
        this.listener = listener;
    }

    public ReliabilityEngine engine() {
        return engine;
    }

    /** The current time on the driver's clock. */
    public long now() {
        return clock.getAsLong();
    }

    /** The link frames go to; null between links. */
    public Link link() {
        return link;
    }

    /** Makes {@code newLink} the session's link; the caller closes the previous one. */
    public void attach(Link newLink) {
        link = newLink;
    }

    /** Forgets {@code closed} if it is still the link: frames wait in the engine for the next one. */
    public void detach(Link closed) {
        if (link == closed) {
            link = null;
        }
    }

    /** A new connection continues the session: the engine resends what the old one may have lost. */
    public void transportReset() {
        engine.onTransportReset(now());
    }

    /** The UDP peer moved to a validated new address: the engine's RTT and congestion state start over. */
    public void pathChanged() {
        engine.onPathChanged(now());
    }

    /**
     * Hands a frame from the peer to the engine; run a turn afterwards (once per read batch).
     *
     * @throws WireException when the frame breaks the sequence rules; the engine has failed and its ERROR is
     *                       the next frame out
     */
    public void receive(Frame frame) throws WireException {
        engine.receive(frame, now());
    }

    /**
     * Runs a turn soon in the context, once however often it is asked for before it runs (coalesces flushes).
     * The one method any thread may call.
     */
    public void requestRun() {
        if (!stopped && runRequested.compareAndSet(false, true)) {
            context.execute(this::run);
        }
    }

    /**
     * One turn: deliver, transmit and flush once, report events (which may free room: then again), control
     * reading, arm the timer.
     */
    public void run() {
        runRequested.set(false);
        if (stopped) {
            return;
        }
        do {
            DeliveredMessage message;
            while (listener.canAccept() && (message = engine.poll()) != null) {
                listener.onMessage(message);
            }
            transmit();
        } while (reportEvents() && !stopped);
        if (stopped) {
            return;
        }
        if (link != null) {
            link.setReading(listener.shouldRead(link));
        }
        arm();
        listener.afterTurn();
    }

    /** Cancels the timer; the engine is no longer driven. */
    public void stop() {
        stopped = true;
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }

    private void transmit() {
        if (link == null) {
            return;
        }
        long now = now();
        boolean wrote = false;
        Frame frame;
        while (link != null && link.isWritable() && (frame = engine.pollTransmit(now)) != null) {
            link.write(frame);
            wrote = true;
        }
        if (wrote && link != null) {
            link.flush();
        }
    }

    private boolean reportEvents() {
        boolean any = false;
        EngineEvent event;
        while ((event = engine.pollEvent()) != null) {
            any = true;
            listener.onEvent(event);
        }
        return any;
    }

    private void arm() {
        long deadline = engine.nextDeadline();
        if (deadline == ReliabilityEngine.NO_DEADLINE || (timer != null && timerAt <= deadline)) {
            return;
        }
        if (timer != null) {
            timer.cancel();
        }
        timerAt = deadline;
        long arming = ++armings;
        timer = context.schedule(() -> onTimer(arming), Math.max(0, deadline - now()));
    }

    private void onTimer(long arming) {
        if (arming != armings) {
            return;
        }
        timer = null;
        timerAt = ReliabilityEngine.NO_DEADLINE;
        if (!stopped) {
            engine.tick(now());
            run();
        }
    }
}
