package org.hhfr.benchmarks.transport;

import java.util.concurrent.CompletableFuture;

/** The client half of one contender, running in its own JVM: started loaded, stopped by {@link #close}. */
interface ClientSide extends AutoCloseable {
    /** Replies received so far (for a one-way contender: messages sent). */
    long completed();

    /** Completes when a bounded run (see {@link ClosedLoop}) got all its replies, exceptionally if it broke. */
    CompletableFuture<Void> done();

    /** Stops sending and disconnects; waits (bounded) for its threads. */
    @Override
    void close();
}
