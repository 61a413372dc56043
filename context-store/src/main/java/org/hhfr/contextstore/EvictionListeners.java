package org.hhfr.contextstore;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The {@link EvictionListener}s of one store, told in the order they were added. A listener's exception goes
 * to the calling thread's uncaught-exception handler and does not keep the others from hearing, so a faulty
 * listener never breaks the store. Thread-safe; for implementations of {@link ContextStore}.
 */
public final class EvictionListeners {
    private final List<EvictionListener> listeners = new CopyOnWriteArrayList<>();

    public void add(EvictionListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Tells every listener that {@code session} left the store; call with no lock held. */
    public void tell(StoredSession session, RemovalCause cause) {
        for (EvictionListener listener : listeners) {
            try {
                listener.onEviction(session, cause);
            } catch (RuntimeException e) {
                Thread thread = Thread.currentThread();
                thread.getUncaughtExceptionHandler().uncaughtException(thread, e);
            }
        }
    }
}
