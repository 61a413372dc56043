package org.hhfr.contextstore;

import java.util.Objects;
import java.util.Optional;
import org.hhfr.transports.auth.SessionId;
import org.jspecify.annotations.Nullable;

/**
 * A store as one negotiating client sees it: every operation is the store's own, except that a session it
 * creates without naming an address counts against this client's address
 * ({@link StoreLimits#maxSessionsPerAddress()}). Made per negotiation by {@link ContextStore#forClient}; closing
 * it closes nothing (the store outlives the negotiation).
 */
final class ClientAddressedStore implements ContextStore {
    private final ContextStore store;
    private final String clientAddress;

    ClientAddressedStore(ContextStore store, String clientAddress) {
        this.store = Objects.requireNonNull(store, "store");
        this.clientAddress = Objects.requireNonNull(clientAddress, "clientAddress");
    }

    @Override
    public SessionGrant create(StreamContext context, @Nullable String address) throws ContextStoreException {
        return store.create(context, address != null ? address : clientAddress);
    }

    @Override
    public SessionGrant createProposed(StreamContext context, @Nullable String address, SessionId id,
                                       SessionToken token) throws ContextStoreException {
        return store.createProposed(context, address != null ? address : clientAddress, id, token);
    }

    @Override
    public StoreLimits limits() {
        return store.limits();
    }

    @Override
    public Optional<StoredSession> get(SessionId id) throws ContextStoreException {
        return store.get(id);
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

    /** The store is not this view's to close. */
    @Override
    public void close() {
    }
}
