package org.hhfr.transports.netty;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.hhfr.contextstore.ContextStore;

/**
 * A stream server for tests that answers each message with its own payload and counts the messages it ran, with
 * the raw TCP peers a test connects to it; closing closes the peers, then the server.
 */
final class EchoingStreamServer implements AutoCloseable {
    private final StreamServer server;
    private final AtomicInteger dispatched;
    private final List<RawTcpPeer> peers = new ArrayList<>();

    private EchoingStreamServer(StreamServer server, AtomicInteger dispatched) {
        this.server = server;
        this.dispatched = dispatched;
    }

    static EchoingStreamServer start(ContextStore store, StreamServerConfig config) throws Exception {
        AtomicInteger dispatched = new AtomicInteger();
        StreamServer server = StreamServer.start(store, StreamDispatcher.ofFunction((session, message) -> {
            dispatched.incrementAndGet();
            return message.payload();
        }), config);
        return new EchoingStreamServer(server, dispatched);
    }

    StreamServer server() {
        return server;
    }

    /** Messages the server ran so far. */
    int dispatched() {
        return dispatched.get();
    }

    /** The peers connected so far, in order. */
    List<RawTcpPeer> peers() {
        return peers;
    }

    /** Connects a raw peer and sends {@code bytes}. */
    RawTcpPeer connect(byte[] bytes) throws Exception {
        RawTcpPeer peer = new RawTcpPeer(server.tcpPort());
        peers.add(peer);
        return peer.send(bytes);
    }

    @Override
    public void close() throws Exception {
        for (RawTcpPeer peer : peers) {
            peer.close();
        }
        server.close();
    }
}
