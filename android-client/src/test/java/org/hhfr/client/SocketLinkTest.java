package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.TimeUnit;

import org.hhfr.transports.driver.FirstFlight;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** When a write over a young TCP connection waits for the calls behind it, over a real loopback connection. */
class SocketLinkTest {
    private static final long MOBILE_CONNECT_NANOS = TimeUnit.MILLISECONDS.toNanos(150);
    private static final int CALL_BYTES = 17;

    private ServerSocket server;
    private Socket client;
    private Socket accepted;
    private FrameOutbox outbox;

    @BeforeEach
    void connect() throws IOException {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
        accepted = server.accept();
        outbox = new FrameOutbox(() -> { });
    }

    @AfterEach
    void close() throws IOException {
        client.close();
        accepted.close();
        server.close();
    }

    @Test
    void aBurstOfSmallWritesOnAYoungConnectionWaitsAnEighthOfTheConnectTimeAtMostTwoMilliseconds() throws IOException {
        assertEquals(SocketLink.MAX_LINGER_NANOS, lingerRightAfterASend(new SocketLink(client, outbox,
                MOBILE_CONNECT_NANOS)));
        assertEquals(TimeUnit.MICROSECONDS.toNanos(50), lingerRightAfterASend(new SocketLink(client, outbox,
                TimeUnit.MICROSECONDS.toNanos(400))));
    }

    /**
     * What a small write right after a send may wait; sent again (at most three times in all) when the machine
     * paused the test past the wait between the two.
     */
    private static long lingerRightAfterASend(SocketLink link) throws IOException {
        long linger = 0;
        for (int attempt = 0; attempt < 3 && linger == 0; attempt++) {
            link.send(new byte[CALL_BYTES], CALL_BYTES);
            linger = link.lingerNanos(CALL_BYTES, false);
        }
        return linger;
    }

    @Test
    void aLoneCallGoesAtOnce() {
        SocketLink link = new SocketLink(client, outbox, MOBILE_CONNECT_NANOS);
        assertEquals(0, link.lingerNanos(CALL_BYTES, false));
    }

    @Test
    void aCallLongAfterTheLastWriteGoesAtOnce() throws Exception {
        assertEquals(0, linkLongAfterASend().lingerNanos(CALL_BYTES, false));
    }

    @Test
    void aBurstStillComingKeepsItsWriteWaitingUntilASegmentsWorthGathered() throws Exception {
        SocketLink link = linkLongAfterASend();
        assertEquals(SocketLink.MAX_LINGER_NANOS, link.lingerNanos(10 * CALL_BYTES, true));
        assertEquals(0, link.lingerNanos(FirstFlight.SEGMENT_BYTES, true));
    }

    /** A young link whose last send was longer ago than its wait. */
    private SocketLink linkLongAfterASend() throws Exception {
        SocketLink link = new SocketLink(client, outbox, MOBILE_CONNECT_NANOS);
        link.send(new byte[CALL_BYTES], CALL_BYTES);
        Thread.sleep(TimeUnit.NANOSECONDS.toMillis(SocketLink.MAX_LINGER_NANOS) + 5);
        return link;
    }

    @Test
    void aFullSegmentGoesAtOnce() throws IOException {
        SocketLink link = new SocketLink(client, outbox, MOBILE_CONNECT_NANOS);
        link.send(new byte[CALL_BYTES], CALL_BYTES);
        assertEquals(0, link.lingerNanos(FirstFlight.SEGMENT_BYTES, false));
    }

    @Test
    void writesPastTheInitialWindowGoAtOnce() throws IOException {
        SocketLink link = new SocketLink(client, outbox, MOBILE_CONNECT_NANOS);
        byte[] segments = new byte[(FirstFlight.SEGMENTS - 1) * FirstFlight.SEGMENT_BYTES];
        link.send(segments, segments.length);
        link.send(new byte[CALL_BYTES], CALL_BYTES);
        link.send(new byte[CALL_BYTES], CALL_BYTES);
        assertEquals(0, link.lingerNanos(CALL_BYTES, false));
    }
}
