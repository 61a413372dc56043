package org.hhfr.benchmarks.session;

import java.net.InetSocketAddress;
import javax.net.ssl.SSLSocketFactory;

import org.hhfr.benchmarks.session.network.Traffic;

/**
 * One session's path to a server: where the client connects, and what crossed the path since it was opened.
 * Over the relays it is a fresh relay per session; behind an emulated link it is the link itself, counted at the
 * client's network device.
 */
interface SessionLink extends AutoCloseable {
    /** What a client of this link trusts for https: the HTTPS server's certificate; null for plain HTTP. */
    SSLSocketFactory trust();

    String serviceUrl(SessionWorkload workload);

    /** Where the client connects. */
    InetSocketAddress address();

    /** Bytes each way since the link was opened. */
    Traffic.Counts traffic();

    /**
     * IP packets each way since the link was opened, where the link counts whole packets; else both
     * {@link SessionSample#NOT_COUNTED}.
     */
    default Traffic.Counts packets() {
        return new Traffic.Counts(SessionSample.NOT_COUNTED, SessionSample.NOT_COUNTED);
    }

    /** TCP connections the client made through the link since it was opened. */
    int connections();

    @Override
    void close();
}
