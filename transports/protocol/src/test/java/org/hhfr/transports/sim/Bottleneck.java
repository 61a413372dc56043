package org.hhfr.transports.sim;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * A rate-limited hop with a drop-tail queue: datagrams leave one after another at {@code bytesPerSecond}, or at
 * the delivery opportunities of a {@link DeliveryTrace} as {@code hhfr-link} replays one; one that arrives while
 * the queue already holds {@code queueLimit} bytes (or would go beyond) is dropped. Records the queue it saw, for
 * checks on how much a sender keeps queued.
 */
final class Bottleneck {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** What a datagram takes of a trace's delivery opportunity: the datagram and its IPv4 and UDP headers. */
    private static final int PACKET_OVERHEAD = 28;

    private long bytesPerSecond;
    private final DeliveryTrace trace;
    /** The trace's opportunity the latest datagram left with, -1 before the first, and the bytes it left over. */
    private long lastOpportunity = -1;
    private int leftover;
    private long rateChangesAt = Long.MAX_VALUE;
    private long laterBytesPerSecond;
    private final long queueLimit;
    /** Departure time and size of each datagram still queued or being sent. */
    private final ArrayDeque<long[]> queued = new ArrayDeque<>();
    private long queuedBytes;
    private long lastDeparture;
    private long maxQueuedBytes;
    private long dropped;
    private long passed;
    /** Integral of queued bytes over time since {@link #observeFrom}, in byte-nanoseconds. */
    private double queueIntegral;
    private long observedFrom;
    private long lastChange;
    /** Integral of queued bytes over each second of virtual time, in byte-nanoseconds. */
    private double[] queueBySecond = new double[64];

    Bottleneck(long bytesPerSecond, long queueLimit) {
        this.bytesPerSecond = bytesPerSecond;
        this.trace = null;
        this.queueLimit = queueLimit;
    }

    /** A hop whose capacity is {@code trace}'s, from virtual time 0 (where a session starts the trace). */
    Bottleneck(DeliveryTrace trace, long queueLimit) {
        this.trace = trace;
        this.queueLimit = queueLimit;
    }

    /** From virtual time {@code time} on, datagrams leave at {@code later} bytes per second (a cellular rate drop). */
    void changeRateAt(long time, long later) {
        rateChangesAt = time;
        laterBytesPerSecond = later;
    }

    /** Counts the queue's maximum and mean from {@code time} on (skips the start of a session). */
    void observeFrom(long time) {
        observedFrom = time;
    }

    /** @return when {@code size} bytes arriving at {@code now} have left the hop, or -1 when dropped */
    long enter(long now, int size) {
        drain(now);
        if (now >= rateChangesAt) {
            bytesPerSecond = laterBytesPerSecond;
        }
        if (queuedBytes + size > queueLimit) {
            if (now >= observedFrom) {
                dropped++;
            }
            return -1;
        }
        long departure = trace != null ? traceDeparture(now, size + PACKET_OVERHEAD)
                : Math.max(now, lastDeparture) + size * NANOS_PER_SECOND / bytesPerSecond;
        lastDeparture = departure;
        queued.add(new long[] {departure, size});
        account(now);
        queuedBytes += size;
        if (now >= observedFrom) {
            maxQueuedBytes = Math.max(maxQueuedBytes, queuedBytes);
            passed++;
        }
        return departure;
    }

    /**
     * When a packet of {@code size} bytes arriving at {@code now} has left with the trace's opportunities: behind
     * the packets before it, first in what the last opportunity left over if it was queued by then; what an
     * opportunity leaves over while the queue is empty is lost (link-emulator's {@code TraceDriven}).
     */
    private long traceDeparture(long now, int size) {
        int remaining = size;
        long k = trace.firstAfter(now);
        if (lastOpportunity >= 0 && leftover > 0 && now < trace.opportunity(lastOpportunity)) {
            if (remaining <= leftover) {
                leftover -= remaining;
                return trace.opportunity(lastOpportunity);
            }
            remaining -= leftover;
        }
        k = Math.max(k, lastOpportunity + 1);
        while (remaining > DeliveryTrace.OPPORTUNITY_BYTES) {
            remaining -= DeliveryTrace.OPPORTUNITY_BYTES;
            k++;
        }
        lastOpportunity = k;
        leftover = DeliveryTrace.OPPORTUNITY_BYTES - remaining;
        return trace.opportunity(k);
    }

    private void drain(long now) {
        while (!queued.isEmpty() && queued.peek()[0] <= now) {
            long[] head = queued.poll();
            account(head[0]);
            queuedBytes -= head[1];
        }
        account(now);
    }

    private void account(long time) {
        for (long from = lastChange; from < time; ) {
            int second = (int) (from / NANOS_PER_SECOND);
            long to = Math.min(time, (second + 1) * NANOS_PER_SECOND);
            if (second >= queueBySecond.length) {
                queueBySecond = Arrays.copyOf(queueBySecond, 2 * second);
            }
            queueBySecond[second] += (double) queuedBytes * (to - from);
            from = to;
        }
        if (time > lastChange) {
            if (lastChange >= observedFrom) {
                queueIntegral += (double) queuedBytes * (time - lastChange);
            } else if (time > observedFrom) {
                queueIntegral += (double) queuedBytes * (time - observedFrom);
            }
            lastChange = time;
        }
    }

    /** The largest queue seen since {@link #observeFrom}, in bytes. */
    long maxQueuedBytes() {
        return maxQueuedBytes;
    }

    /** The mean queue between {@link #observeFrom} and {@code now}, in bytes. */
    double meanQueuedBytes(long now) {
        drain(now);
        return now > observedFrom ? queueIntegral / (now - observedFrom) : 0;
    }

    /** The mean queue in {@code second} of virtual time (from {@code second} to the next), in bytes. */
    double meanQueuedBytesInSecond(int second) {
        return second < queueBySecond.length ? queueBySecond[second] / NANOS_PER_SECOND : 0;
    }

    /** Datagrams dropped since {@link #observeFrom}. */
    long dropped() {
        return dropped;
    }

    /** Datagrams queued since {@link #observeFrom}. */
    long passed() {
        return passed;
    }
}
