package org.hhfr.contextstore;

import java.util.Objects;
import org.hhfr.transports.auth.SessionId;
import org.jspecify.annotations.Nullable;

/**
 * A store as one negotiating client sees it: every operation is the store's own, except that a session it
 * creates without naming an address counts against this client's address
 * ({@link StoreLimits#maxSessionsPerAddress()}). Made per negotiation by {@link ContextStore#forClient}; closing
 * it closes nothing (the store outlives the negotiation).
 */
final class ClientAddressedStore extends ForwardingContextStore {
    private final String clientAddress;

    ClientAddressedStore(ContextStore store, String clientAddress) {
        super(store);
        this.clientAddress = Objects.requireNonNull(clientAddress, "clientAddress");
    }

    @Override
    public SessionGrant create(StreamContext context, @Nullable String address) throws ContextStoreException {
        return delegate().create(context, address != null ? address : clientAddress);
    }

    @Override
    public SessionGrant createProposed(StreamContext context, @Nullable String address, SessionId id,
                                       SessionToken token) throws ContextStoreException {
        return delegate().createProposed(context, address != null ? address : clientAddress, id, token);
    }

    /** The store is not this view's to close. */
    @Override
    public void close() {
    }
}
