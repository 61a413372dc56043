package org.hhfr.contextstore.redis;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.hhfr.contextstore.ContextStoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether Redis answers, as the last calls found: logs one WARN line when it stops answering and one INFO line
 * when it answers again, never a stack trace. While it is unreachable, calls fail at once except one probe per
 * retry interval, so an outage costs callers no timeouts and the log no repetition.
 */
final class RedisReachability {
    private static final Logger LOG = LoggerFactory.getLogger(RedisContextStore.class);
    /** What callers (and a declined client) are told; where Redis is stays in the server's log. */
    static final String UNREACHABLE = "the session store cannot be reached";

    private final String where;
    private final long retryIntervalNanos;
    private final AtomicLong lastProbe = new AtomicLong();
    private volatile boolean down;

    RedisReachability(String where, long retryIntervalMillis) {
        this.where = where;
        this.retryIntervalNanos = TimeUnit.MILLISECONDS.toNanos(retryIntervalMillis);
    }

    /** @throws ContextStoreException if Redis is down and this call is not the interval's probe */
    void beforeCall() throws ContextStoreException {
        if (!down) {
            return;
        }
        long now = System.nanoTime();
        long last = lastProbe.get();
        if (now - last < retryIntervalNanos || !lastProbe.compareAndSet(last, now)) {
            throw new ContextStoreException(UNREACHABLE);
        }
    }

    void succeeded() {
        if (down) {
            down = false;
            LOG.info("Redis context store at {} answers again", where);
        }
    }

    /** Records the failure; the exception to throw, without Redis's address or the client's stack. */
    ContextStoreException failed(RuntimeException cause) {
        lastProbe.set(System.nanoTime());
        if (!down) {
            down = true;
            LOG.warn("Redis context store at {} cannot be reached ({}); new sessions are declined until it answers",
                    where, cause.getMessage());
        }
        return new ContextStoreException(UNREACHABLE);
    }

    boolean isDown() {
        return down;
    }
}
