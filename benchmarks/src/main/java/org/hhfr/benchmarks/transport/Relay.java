package org.hhfr.benchmarks.transport;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

/**
 * A loopback middleman between one contender's client and server that counts the payload bytes each way (TCP
 * stream bytes, or UDP datagram payloads without IP/UDP headers) and, for UDP, may drop datagrams. Its threads'
 * CPU is its own: neither client's nor server's.
 */
abstract class Relay implements AutoCloseable {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Where the client connects or sends instead of the server. */
    abstract int port();

    abstract long bytesToServer();

    abstract long bytesToClient();

    /** TCP: 0. */
    abstract long datagramsToServer();

    abstract long dropped();

    abstract List<Thread> threads();

    /** CPU time of the relay's live threads. */
    final long cpuNanos() {
        long total = 0;
        for (Thread thread : threads()) {
            long cpu = THREADS.getThreadCpuTime(thread.getId());
            if (cpu > 0) {
                total += cpu;
            }
        }
        return total;
    }

    @Override
    public abstract void close();
}
