package org.hhfr.benchmarks.transport;

import java.util.concurrent.CompletableFuture;

/**
 * A request-reply contender's client driven by a {@link ClosedLoop}: progress and completion come from the
 * loop, and closing stops the loop before the transport disconnects.
 */
abstract class ClosedLoopClient implements ClientSide {
    protected final ClosedLoop loop;

    /** @param limit requests to send in all, or 0 for no limit */
    ClosedLoopClient(long limit) {
        this.loop = new ClosedLoop(limit);
    }

    @Override
    public final long completed() {
        return loop.completed();
    }

    @Override
    public final CompletableFuture<Void> done() {
        return loop.done();
    }

    @Override
    public final void close() {
        loop.stop();
        disconnect();
    }

    /** Disconnects the transport; waits (bounded) for its threads. */
    protected abstract void disconnect();
}
