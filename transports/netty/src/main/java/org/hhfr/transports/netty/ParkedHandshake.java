package org.hhfr.transports.netty;

import io.netty.util.concurrent.EventExecutor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.transports.auth.SessionId;

/**
 * One early handshake waiting for its session, as the threads that may find the session see it: the thread of a
 * negotiation on this node that stored it ({@link ParkedHandshakes#onCreation}) and the fallback lookups
 * ({@link ParkedSessionLookups}). The first to find it hands the handshake on to its channel's event loop; later
 * finds, and finds after it stopped waiting, do nothing. Thread-safe.
 */
final class ParkedHandshake {
    private final SessionId session;
    private final EventExecutor loop;
    /** Goes on with the handshake; runs on {@link #loop} only. */
    private final Consumer<StoredSession> resume;
    /** Cleared once: by the first find, or when the handshake stops waiting. */
    private final AtomicBoolean waiting = new AtomicBoolean(true);

    ParkedHandshake(SessionId session, EventExecutor loop, Consumer<StoredSession> resume) {
        this.session = session;
        this.loop = loop;
        this.resume = resume;
    }

    /** The session the handshake waits for. */
    SessionId session() {
        return session;
    }

    /** Whether the session is still to be found; any thread. */
    boolean isWaiting() {
        return waiting.get();
    }

    /** The session is stored: the handshake goes on, on its event loop, unless found before. Any thread. */
    void found(StoredSession stored) {
        if (waiting.compareAndSet(true, false)) {
            try {
                loop.execute(() -> resume.accept(stored));
            } catch (RejectedExecutionException serverClosing) {
                // The event loop is shutting down with the server: the connection closes unanswered.
            }
        }
    }

    /** The handshake went on without this, or ended: finds from now on do nothing. Any thread. */
    void stopWaiting() {
        waiting.set(false);
    }
}
