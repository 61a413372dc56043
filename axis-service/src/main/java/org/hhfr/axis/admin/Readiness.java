package org.hhfr.axis.admin;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.hhfr.contextstore.ContextStore;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.netty.StreamServer;

/**
 * Whether this node can take new clients: its stream listeners are bound and its context store answers. The
 * store is asked for a session that does not exist (one cheap read, e.g. one round trip to a remote store), on
 * a thread of its own and within a timeout; while a probe is still unanswered no second one is started, so a
 * hung store holds one thread, not one per health check. Thread-safe.
 */
public final class Readiness implements AutoCloseable {
    /** An id no session ever gets: issued ids are 16 random bytes. */
    private static final SessionId PROBE = SessionId.of(new byte[SessionId.ISSUED_LENGTH + 1]);

    private final StreamServer streams;
    private final ContextStore store;
    private final long storeTimeoutMillis;
    private final ExecutorService prober = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "hhfr-readiness-probe");
        thread.setDaemon(true);
        return thread;
    });
    private Future<?> probe;

    /**
     * @param streams            the node's stream listeners, or {@code null} when it serves no streams
     * @param store              the context store the node's sessions live in
     * @param storeTimeoutMillis how long the store may take to answer
     */
    public Readiness(StreamServer streams, ContextStore store, long storeTimeoutMillis) {
        this.streams = streams;
        this.store = store;
        this.storeTimeoutMillis = storeTimeoutMillis;
    }

    /** Why this node is not ready, in one line, or {@code null} when it is. */
    public String problem() {
        if (streams != null && !streams.isListening()) {
            return "stream listeners are not bound";
        }
        return storeProblem();
    }

    private synchronized String storeProblem() {
        if (probe == null || probe.isDone()) {
            probe = prober.submit(() -> store.get(PROBE));
        }
        try {
            probe.get(storeTimeoutMillis, TimeUnit.MILLISECONDS);
            return null;
        } catch (TimeoutException e) {
            return "context store did not answer within " + storeTimeoutMillis + " ms";
        } catch (ExecutionException e) {
            return "context store unavailable: " + oneLine(e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while asking the context store";
        }
    }

    private static String oneLine(String text) {
        if (text == null) {
            return "no reason given";
        }
        String line = text.replaceAll("[\\r\\n\\t]+", " ").trim();
        return line.length() <= 200 ? line : line.substring(0, 200) + "...";
    }

    @Override
    public void close() {
        prober.shutdownNow();
    }
}
