package org.hhfr.transports.netty;

import java.util.Optional;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.StoredSession;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fallback that finds the sessions of parked handshakes stored by another node of a shared store (a
 * negotiation on this node announces its sessions itself, see {@link ParkedHandshakes}). Each handshake's session
 * is looked up {@value #FIRST_LOOK_MILLIS} ms after it parked, then at doubling intervals of at most
 * {@value #MAX_INTERVAL_MILLIS} ms while it waits: a few times per handshake. The lookups run on one thread of
 * their own, started at the first handshake parked, so a store that blocks (Redis) never blocks an event loop,
 * and at most {@code maxLookupsPerSecond} of them start in any second over all handshakes: a look that is due
 * waits for its turn, in the order the looks fell due. A handshake that stopped waiting is dropped when its look
 * falls due, without a lookup; the looks of such handshakes are cleared out whenever the queue reaches twice the
 * parked handshakes' limit, so it never holds more.
 */
final class ParkedSessionLookups implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ParkedSessionLookups.class);
    static final long FIRST_LOOK_MILLIS = 50;
    static final long MAX_INTERVAL_MILLIS = 400;

    private final ContextStore store;
    private final TransportMetrics metrics;
    /** The least time between the starts of two lookups; 0 when there are none. */
    private final long spacingNanos;
    /** Looks queued beyond which those of handshakes no longer waiting are cleared out. */
    private final int maxQueued;
    /** The looks to make, earliest due first; guarded by {@code this}, which is notified of a new one. */
    private final PriorityQueue<Look> due = new PriorityQueue<>();
    /** Guarded by {@code this}; started by the first {@link #lookFor}. */
    private @Nullable Thread thread;
    /** Guarded by {@code this}. */
    private boolean closed;
    /** When the next lookup may start; the lookup thread only. */
    private long nextStartNanos = System.nanoTime();

    ParkedSessionLookups(ContextStore store, EarlyHandshakeLimits limits, TransportMetrics metrics) {
        this.store = store;
        this.metrics = metrics;
        int perSecond = limits.maxLookupsPerSecond();
        this.spacingNanos = perSecond == 0 ? 0 : TimeUnit.SECONDS.toNanos(1) / perSecond;
        this.maxQueued = 2 * limits.maxParked();
    }

    /** Looks for the session of a handshake just parked, until it is found or the handshake stops waiting. */
    synchronized void lookFor(ParkedHandshake handshake) {
        if (spacingNanos == 0 || closed) {
            return;
        }
        if (thread == null) {
            thread = new Thread(this::run, "hhfr-server-parked-session-lookups");
            thread.setDaemon(true);
            thread.start();
        }
        if (due.size() >= maxQueued) {
            due.removeIf(look -> !look.handshake.isWaiting());
        }
        due.add(new Look(handshake, FIRST_LOOK_MILLIS));
        notifyAll();
    }

    private void run() {
        try {
            for (Look look = nextDue(); look != null; look = nextDue()) {
                if (look.handshake.isWaiting()) {
                    awaitTurn();
                    lookUp(look);
                }
            }
        } catch (InterruptedException closing) {
            // close() interrupted a wait.
        }
    }

    /** The look due first, once it is due; {@code null} once closed. */
    private synchronized @Nullable Look nextDue() throws InterruptedException {
        while (!closed) {
            Look first = due.peek();
            if (first == null) {
                wait();
            } else if (first.dueNanos - System.nanoTime() > 0) {
                TimeUnit.NANOSECONDS.timedWait(this, first.dueNanos - System.nanoTime());
            } else {
                return due.poll();
            }
        }
        return null;
    }

    /** Waits until the next lookup may start, then books the one after it. */
    private void awaitTurn() throws InterruptedException {
        long wait = nextStartNanos - System.nanoTime();
        if (wait > 0) {
            TimeUnit.NANOSECONDS.sleep(wait);
        }
        nextStartNanos = Math.max(nextStartNanos, System.nanoTime()) + spacingNanos;
    }

    private void lookUp(Look look) {
        if (!look.handshake.isWaiting()) {
            return;
        }
        metrics.increment(TransportMetrics.Counter.EARLY_SESSION_LOOKUPS);
        Optional<StoredSession> stored;
        try {
            stored = store.peek(look.handshake.session()); // a use once its proof verifies (admit)
        } catch (ContextStoreException | RuntimeException e) {
            LOG.debug("looking for the session of a parked handshake failed: {}", e.getMessage());
            stored = Optional.empty();
        }
        if (stored.isPresent()) {
            look.handshake.found(stored.get());
        } else if (look.handshake.isWaiting()) {
            synchronized (this) {
                due.add(new Look(look.handshake, Math.min(2 * look.intervalMillis, MAX_INTERVAL_MILLIS)));
            }
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        due.clear();
        notifyAll();
        if (thread != null) {
            thread.interrupt();
        }
    }

    /** A lookup falling due {@code intervalMillis} after it was made. */
    private static final class Look implements Comparable<Look> {
        final ParkedHandshake handshake;
        final long intervalMillis;
        final long dueNanos;

        Look(ParkedHandshake handshake, long intervalMillis) {
            this.handshake = handshake;
            this.intervalMillis = intervalMillis;
            this.dueNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(intervalMillis);
        }

        @Override
        public int compareTo(Look other) {
            return Long.compare(dueNanos - other.dueNanos, 0);
        }
    }
}
