package org.hhfr.transports.netty;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.ForwardingContextStore;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.transports.auth.SessionId;

/**
 * A real store as a stream server uses it, counting its lookups ({@link #get} and {@link #peek}); closing it closes
 * the store.
 */
class CountingContextStore extends ForwardingContextStore {
    private final AtomicInteger gets = new AtomicInteger();

    CountingContextStore(ContextStore store) {
        super(store);
    }

    /** Lookups so far. */
    int gets() {
        return gets.get();
    }

    @Override
    public Optional<StoredSession> get(SessionId id) throws ContextStoreException {
        gets.incrementAndGet();
        return super.get(id);
    }

    @Override
    public Optional<StoredSession> peek(SessionId id) throws ContextStoreException {
        gets.incrementAndGet();
        return super.peek(id);
    }
}
