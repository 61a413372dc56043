package org.hhfr.transports.netty;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.reliability.DeliveredMessage;
import org.hhfr.transports.reliability.EngineEvent;
import org.hhfr.transports.reliability.ReliabilityEngine;

/**
 * Runs one {@link ReliabilityEngine} on one Netty event loop: the adapter between the sans-I/O engine and a
 * {@link Link}. Everything happens on that loop, so the engine needs no lock. A <em>turn</em> ({@link #run})
 * hands ready messages to the listener, writes every frame the engine has for the link without flushing and
 * flushes once (the queued sender: many messages, one syscall), reports the engine's events, controls
 * reading, and arms a single timer for the engine's next deadline. Server sessions and the client share it.
 */
final class EngineDriver {
    /** The side that owns the engine: takes delivered messages and reacts to events. */
    interface Listener {
        /** Whether another delivered message may be taken now; false leaves it in the engine (backpressure). */
        boolean canAccept();

        void onMessage(DeliveredMessage message);

        void onEvent(EngineEvent event);

        /**
         * Whether to read the link now. Never pause only because messages wait for dispatch: the peer's
         * acknowledgements, which free the send buffer, arrive on the same link (pausing would deadlock).
         */
        boolean shouldRead(Link link);
    }

    private final ReliabilityEngine engine;
    private final EventLoop loop;
    private final Listener listener;
    private Link link;
    private ScheduledFuture<?> timer;
    private long timerAt = ReliabilityEngine.NO_DEADLINE;
    private boolean runRequested;
    private boolean stopped;

    EngineDriver(ReliabilityEngine engine, EventLoop loop, Listener listener) {
        this.engine = engine;
        this.loop = loop;
        this.listener = listener;
    }

    ReliabilityEngine engine() {
        return engine;
    }

    EventLoop loop() {
        return loop;
    }

    Link link() {
        return link;
    }

    /** Makes {@code newLink} the session's link; the caller closes the previous one. */
    void attach(Link newLink) {
        link = newLink;
    }

    /** Forgets {@code closed} if it is still the link: frames wait in the engine for the next one. */
    void detach(Link closed) {
        if (link == closed) {
            link = null;
        }
    }

    /** A new connection continues the session: the engine resends what the old one may have lost. */
    void transportReset() {
        engine.onTransportReset(System.nanoTime());
    }

    /**
     * Hands a frame from the peer to the engine; run a turn afterwards (once per read batch).
     *
     * @throws WireException when the frame breaks the sequence rules; the engine has failed and its ERROR is
     *                       the next frame out
     */
    void receive(Frame frame) throws WireException {
        engine.receive(frame, System.nanoTime());
    }

    /** Runs a turn soon, once however often it is asked for before it runs (coalesces flushes). */
    void requestRun() {
        if (!runRequested && !stopped) {
            runRequested = true;
            loop.execute(this::run);
        }
    }

    /**
     * One turn: deliver, transmit and flush once, report events (which may free room: then again), control
     * reading, arm the timer.
     */
    void run() {
        runRequested = false;
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
    }

    /** Cancels the timer; the engine is no longer driven. */
    void stop() {
        stopped = true;
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    private void transmit() {
        if (link == null) {
            return;
        }
        long now = System.nanoTime();
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
            timer.cancel(false);
        }
        timerAt = deadline;
        timer = loop.schedule(this::onTimer, Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    private void onTimer() {
        timer = null;
        timerAt = ReliabilityEngine.NO_DEADLINE;
        if (!stopped) {
            engine.tick(System.nanoTime());
            run();
        }
    }
}
