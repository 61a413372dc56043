package org.hhfr.axis.admin;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
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

/**
 * A {@link ContextStore} that times every operation of the store beneath it: the timer
 * {@code hhfr.context.store} with tags {@code operation} (create, get, peek, authenticate, touch, remove, purge) and
 * {@code outcome} (ok, failed: it threw). The timers are made once; an operation costs two clock reads.
 *
 * <p>Once closed it refuses every operation with a {@link ContextStoreException}, whatever the store beneath
 * would still answer, so a closed store shows as unavailable to readiness checks and callers alike.
 */
public final class MeteredContextStore implements ContextStore {
    /** The timed operations, named as the {@code operation} tag. */
    enum Operation { CREATE, GET, PEEK, AUTHENTICATE, TOUCH, REMOVE, PURGE }

    private final ContextStore store;
    private final EnumMap<Operation, Timer> succeeded = new EnumMap<>(Operation.class);
    private final EnumMap<Operation, Timer> failed = new EnumMap<>(Operation.class);
    private volatile boolean closed;

    public MeteredContextStore(ContextStore store, MeterRegistry registry) {
        this.store = store;
        for (Operation operation : Operation.values()) {
            succeeded.put(operation, timer(registry, operation, "ok"));
            failed.put(operation, timer(registry, operation, "failed"));
        }
    }

    private static Timer timer(MeterRegistry registry, Operation operation, String outcome) {
        return Timer.builder("hhfr.context.store")
                .description("Context store operations: how long each took")
                .tag("operation", operation.name().toLowerCase(Locale.ROOT))
                .tag("outcome", outcome)
                .register(registry);
    }

    @Override
    public SessionGrant create(StreamContext context, @Nullable String clientAddress) throws ContextStoreException {
        return timed(Operation.CREATE, () -> store.create(context, clientAddress));
    }

    @Override
    public SessionGrant createProposed(StreamContext context, @Nullable String clientAddress, SessionId id,
                                       SessionToken token) throws ContextStoreException {
        return timed(Operation.CREATE, () -> store.createProposed(context, clientAddress, id, token));
    }

    @Override
    public StoreLimits limits() {
        return store.limits();
    }

    @Override
    public Optional<StoredSession> get(SessionId id) throws ContextStoreException {
        return timed(Operation.GET, () -> store.get(id));
    }

    @Override
    public Optional<StoredSession> peek(SessionId id) throws ContextStoreException {
        return timed(Operation.PEEK, () -> store.peek(id));
    }

    @Override
    public Optional<StoredSession> authenticate(SessionId id, SessionToken presented) throws ContextStoreException {
        return timed(Operation.AUTHENTICATE, () -> store.authenticate(id, presented));
    }

    @Override
    public boolean touch(SessionId id) throws ContextStoreException {
        return timed(Operation.TOUCH, () -> store.touch(id));
    }

    @Override
    public boolean remove(SessionId id) throws ContextStoreException {
        return timed(Operation.REMOVE, () -> store.remove(id));
    }

    @Override
    public int purgeExpired() throws ContextStoreException {
        return timed(Operation.PURGE, store::purgeExpired);
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
        closed = true;
        store.close();
    }

    private <T> T timed(Operation operation, StoreCall<T> call) throws ContextStoreException {
        if (closed) {
            throw new ContextStoreException("context store is closed");
        }
        long start = System.nanoTime();
        boolean ok = false;
        try {
            T result = call.run();
            ok = true;
            return result;
        } finally {
            (ok ? succeeded : failed).get(operation).record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        }
    }

    /** One call to the store beneath. */
    @FunctionalInterface
    private interface StoreCall<T> {
        T run() throws ContextStoreException;
    }
}
