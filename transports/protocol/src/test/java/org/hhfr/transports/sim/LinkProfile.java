package org.hhfr.transports.sim;

import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * How badly a simulated link behaves: per-datagram loss, duplication and extra reordering delay, a base delay
 * with jitter, and outages during which nothing gets through. For streams: how often the connection is cut.
 */
final class LinkProfile {
    final double loss;
    final double duplication;
    final double reordering;
    final long delay;
    final long jitter;
    final int outages;
    final long maxOutage;
    final int cuts;

    LinkProfile(double loss, double duplication, double reordering, long delay, long jitter, int outages,
                long maxOutage, int cuts) {
        this.loss = loss;
        this.duplication = duplication;
        this.reordering = reordering;
        this.delay = delay;
        this.jitter = jitter;
        this.outages = outages;
        this.maxOutage = maxOutage;
        this.cuts = cuts;
    }

    /** Loss 0-30 %, duplication 0-10 %, reordering 0-20 %, 1-150 ms delay, jitter, up to 3 outages of 5 s. */
    static LinkProfile randomDatagram(Random random) {
        return new LinkProfile(0.30 * random.nextDouble(), 0.10 * random.nextDouble(),
                0.20 * random.nextDouble(), millis(1 + random.nextInt(150)), millis(random.nextInt(60)),
                random.nextInt(4), millis(5_000), 0);
    }

    /** A reliable ordered link with 1-80 ms delay that is cut 1-20 times. */
    static LinkProfile randomStream(Random random) {
        return new LinkProfile(0, 0, 0, millis(1 + random.nextInt(80)), millis(random.nextInt(5)), 0, 0,
                1 + random.nextInt(20));
    }

    static LinkProfile dead() {
        return new LinkProfile(1.0, 0, 0, millis(10), 0, 0, 0, 0);
    }

    static long millis(long value) {
        return TimeUnit.MILLISECONDS.toNanos(value);
    }

    @Override
    public String toString() {
        return String.format("loss=%.2f dup=%.2f reorder=%.2f delay=%dms jitter=%dms outages=%d cuts=%d", loss,
                duplication, reordering, TimeUnit.NANOSECONDS.toMillis(delay),
                TimeUnit.NANOSECONDS.toMillis(jitter), outages, cuts);
    }
}
