package org.hhfr.transports.netty;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.CreationListener;
import org.hhfr.contextstore.EvictionListener;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.transports.auth.SessionId;
import org.jspecify.annotations.Nullable;

/** A real store as a stream server uses it, counting its {@link #get} lookups; closing it closes the store. */
class CountingContextStore implements ContextStore {
    private final ContextStore store;
    private final AtomicInteger gets = new AtomicInteger();

    CountingContextStore(ContextStore store) {
        this.store = store;
    }

    /** Lookups so far. */
    int gets() {
        return gets.get();
    }

    @Override
    public Optional<StoredSession> get(SessionId id) throws ContextStoreException {
        gets.incrementAndGet();
        return store.get(id);
    }

    @Override
    public SessionGrant create(StreamContext context, @Nullable String clientAddress) throws ContextStoreException {
        return store.create(context, clientAddress);
    }

    @Override
    public SessionGrant createProposed(StreamContext context, @Nullable String clientAddress, SessionId id,
                                       SessionToken token) throws ContextStoreException {
        return store.createProposed(context, clientAddress, id, token);
    }

    @Override
    public StoreLimits limits() {
        return store.limits();
    }

    @Override
    public Optional<StoredSession> authenticate(SessionId id, SessionToken presented) throws ContextStoreException {
        return store.authenticate(id, presented);
    }

    @Override
    public boolean touch(SessionId id) throws ContextStoreException {
        return store.touch(id);
    }

    @Override
    public boolean remove(SessionId id) throws ContextStoreException {
        return store.remove(id);
    }

    @Override
    public int purgeExpired() throws ContextStoreException {
        return store.purgeExpired();
    }

    @Override
    public void addEvictionListener(EvictionListener listener) {
        store.addEvictionListener(listener);
    }

    @Override
    public void addCreationListener(CreationListener listener) {
        store.addCreationListener(listener);
    }

    @Override
    public void close() {
        store.close();
    }
}
