package org.hhfr.contextstore;

import java.util.Objects;
import java.util.Optional;

import org.hhfr.transports.auth.SessionId;
import org.jspecify.annotations.Nullable;

/**
 * A store that hands every operation to another one, closing included: the base of a store that changes or
 * observes a few operations of another (it overrides those and keeps the rest).
 */
public abstract class ForwardingContextStore implements ContextStore {
    private final ContextStore delegate;

    protected ForwardingContextStore(ContextStore delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The store every operation goes to. */
    protected final ContextStore delegate() {
        return delegate;
    }

    @Override
    public SessionGrant create(StreamContext context, @Nullable String clientAddress) throws ContextStoreException {
        return delegate.create(context, clientAddress);
    }

    @Override
    public SessionGrant createProposed(StreamContext context, @Nullable String clientAddress, SessionId id,
                                       SessionToken token) throws ContextStoreException {
        return delegate.createProposed(context, clientAddress, id, token);
    }

    @Override
    public StoreLimits limits() {
        return delegate.limits();
    }

    @Override
    public Optional<StoredSession> get(SessionId id) throws ContextStoreException {
        return delegate.get(id);
    }

    @Override
    public Optional<StoredSession> peek(SessionId id) throws ContextStoreException {
        return delegate.peek(id);
    }

    @Override
    public Optional<StoredSession> authenticate(SessionId id, SessionToken presented) throws ContextStoreException {
        return delegate.authenticate(id, presented);
    }

    @Override
    public boolean touch(SessionId id) throws ContextStoreException {
        return delegate.touch(id);
    }

    @Override
    public boolean remove(SessionId id) throws ContextStoreException {
        return delegate.remove(id);
    }

    @Override
    public int purgeExpired() throws ContextStoreException {
        return delegate.purgeExpired();
    }

    @Override
    public void addEvictionListener(EvictionListener listener) {
        delegate.addEvictionListener(listener);
    }

    @Override
    public void addCreationListener(CreationListener listener) {
        delegate.addCreationListener(listener);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
