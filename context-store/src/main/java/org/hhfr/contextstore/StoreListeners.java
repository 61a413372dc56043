package org.hhfr.contextstore;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The listeners of one kind ({@link EvictionListener}, {@link CreationListener}) of one store, told in the order
 * they were added. A listener's exception goes to the calling thread's uncaught-exception handler and does not
 * keep the others from hearing, so a faulty listener never breaks the store. Thread-safe; for implementations of
 * {@link ContextStore}.
 *
 * @param <L> the kind of listener
 */
public final class StoreListeners<L> {
    private final List<L> listeners = new CopyOnWriteArrayList<>();

    public void add(L listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Tells every listener, e.g. {@code tell(l -> l.onCreation(session))}; call with no lock held. */
    public void tell(Consumer<? super L> event) {
        for (L listener : listeners) {
            try {
                event.accept(listener);
            } catch (RuntimeException e) {
                Thread thread = Thread.currentThread();
                thread.getUncaughtExceptionHandler().uncaughtException(thread, e);
            }
        }
    }
}
