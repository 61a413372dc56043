package org.hhfr.benchmarks.transport;

import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.ByteOrder;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * The Aeron anchor's server: a unicast UDP subscription on loopback whose one thread polls the float-sum
 * bodies and sums each. One-way: nothing is answered.
 */
final class AeronReceiver implements ServerSide {
    private final EmbeddedAeron aeron = new EmbeddedAeron();
    private final int port;
    private final Subscription subscription;
    private final Thread poller;
    private volatile boolean stopped;
    private volatile long received;
    /** Every sum, kept so that the JIT cannot drop the summing the other servers do. */
    private float checksum;

    AeronReceiver(String host) throws IOException {
        port = freeUdpPort(host);
        subscription = aeron.aeron().addSubscription(EmbeddedAeron.channel(host, port), EmbeddedAeron.STREAM_ID);
        poller = new Thread(this::poll, "aeron-receiver");
        poller.start();
    }

    /** Aeron's endpoint needs a concrete port: the kernel picks a free one, which is released for Aeron. */
    private static int freeUdpPort(String host) throws IOException {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getByName(host))) {
            return socket.getLocalPort();
        }
    }

    private void poll() {
        IdleStrategy idle = new BackoffIdleStrategy();
        FragmentHandler handler = (buffer, offset, length, header) -> {
            int count = buffer.getInt(offset, ByteOrder.BIG_ENDIAN);
            if (count < 0 || count > FloatSumFrames.MAX_FLOATS || length < 4 + 4 * count) {
                return;
            }
            float sum = 0;
            for (int i = 0; i < count; i++) {
                sum += buffer.getFloat(offset + 4 + 4 * i, ByteOrder.LITTLE_ENDIAN);
            }
            checksum += sum;
            received++;
        };
        while (!stopped) {
            idle.idle(subscription.poll(handler, 256));
        }
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public String newTicket() {
        return "-";
    }

    @Override
    public long received() {
        return received;
    }

    @Override
    public void close() {
        stopped = true;
        Threads.joinQuietly(poller);
        aeron.close();
    }
}
