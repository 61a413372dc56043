package org.hhfr.transports.netty;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A dispatcher that proves exactly-once, in-order delivery: each client numbers its messages 0, 1, 2, ... in
 * an 8-byte body; the dispatcher checks, per session, that each number is the one expected next, counts
 * anything else as a violation, and echoes the number back.
 */
final class SequenceChecker {
    private final ConcurrentMap<Object, AtomicLong> expected = new ConcurrentHashMap<>();
    final AtomicLong violations = new AtomicLong();
    final AtomicLong delivered = new AtomicLong();

    StreamDispatcher dispatcher() {
        return StreamDispatcher.ofFunction((session, message) -> {
            long number = ByteBuffer.wrap(message.payload()).getLong();
            AtomicLong next = expected.computeIfAbsent(session.id(), id -> new AtomicLong());
            if (!next.compareAndSet(number, number + 1)) {
                violations.incrementAndGet();
            }
            delivered.incrementAndGet();
            return message.payload();
        });
    }

    static byte[] body(long number) {
        return ByteBuffer.allocate(8).putLong(number).array();
    }

    static long number(byte[] body) {
        return ByteBuffer.wrap(body).getLong();
    }
}
