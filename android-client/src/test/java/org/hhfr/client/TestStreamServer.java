package org.hhfr.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.EvictionListener;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.server.NegotiationHandler;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.negotiation.server.SoapNegotiationService;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.SchemaLimits;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Representation;
import org.hhfr.streamer.Representations;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.DatagramReader;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.frame.StreamFrameDecoder;
import org.hhfr.transports.handshake.ServerHandshake;
import org.hhfr.transports.reliability.DeliveredMessage;
import org.hhfr.transports.reliability.EngineEvent;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.hhfr.transports.reliability.ReliabilityEngine;

/**
 * A small java.net float-sum stream server on the protocol core, standing in for transports/netty's
 * in-process server until that lands: TCP (HELLO/RESUME/WELCOME, one engine per session across connections)
 * and UDP (authenticated datagrams), sessions from a real {@link NegotiationHandler}. It can cut every TCP
 * connection and forget every session, and counts how often each request was dispatched.
 */
final class TestStreamServer implements AutoCloseable {
    private final ServerSocket tcp = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final DatagramSocket udp = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    private final RecordingStore store = new RecordingStore();
    private final NegotiationHandler handler;
    private final Map<SessionId, ServerSession> sessions = new ConcurrentHashMap<>();
    private final List<Socket> connections = new CopyOnWriteArrayList<>();
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    final AtomicInteger dispatched = new AtomicInteger();
    final AtomicInteger handshakes = new AtomicInteger();
    private volatile boolean closed;
    /** When not 0, negotiation sends clients to this TCP port instead of the server's own. */
    volatile int advertisedTcpPort;
    /** When above 1, every n-th datagram in each direction is lost. */
    volatile int loseEveryNthDatagram;
    private final AtomicInteger datagrams = new AtomicInteger();
    private final List<Socket> frozen = new CopyOnWriteArrayList<>();

    TestStreamServer(List<String> transports) throws IOException {
        ServerCapabilities capabilities = ServerCapabilities.defaults().withTransports(transports);
        handler = new NegotiationHandler(capabilities, store, transport ->
                HhfrUris.TRANSPORT_TCP.equals(transport)
                        ? new StreamEndpoint("127.0.0.1", advertisedTcpPort != 0 ? advertisedTcpPort : tcp.getLocalPort())
                        : HhfrUris.TRANSPORT_UDP.equals(transport) ? new StreamEndpoint("127.0.0.1", udp.getLocalPort())
                        : null,
                operation -> FloatSum.published(), SchemaLimits.defaults());
        start("test-tcp-acceptor", this::accept);
        start("test-udp", this::serveUdp);
        start("test-ticker", this::tick);
    }

    SoapNegotiationService negotiationService() {
        return new SoapNegotiationService(handler, new SoapEnvelopeReader(SoapLimits.defaults()));
    }

    /** Breaks every TCP connection, as a network drop would; the sessions live on. */
    void cutConnections() throws IOException {
        for (Socket socket : connections) {
            socket.close();
        }
    }

    /**
     * Makes every current TCP connection silent, as a dead path would: nothing more is read from it or
     * written to it, yet it stays open. New connections work.
     */
    void freezeConnections() {
        frozen.addAll(connections);
    }

    private boolean lost() {
        int n = loseEveryNthDatagram;
        return n > 1 && datagrams.incrementAndGet() % n == 0;
    }

    /** Forgets every session, as an expiry or a restart would. */
    void forgetSessions() {
        sessions.clear();
        store.grants.clear();
    }

    private void start(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        threads.add(thread);
        thread.start();
    }

    private ServerSession session(SessionId id) {
        return sessions.computeIfAbsent(id, key -> {
            SessionGrant grant = store.grants.get(key);
            return grant == null ? null : new ServerSession(grant);
        });
    }

    private void accept() {
        while (!closed) {
            try {
                Socket socket = tcp.accept();
                connections.add(socket);
                start("test-tcp-connection", () -> serveTcp(socket));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serveTcp(Socket socket) {
        StreamFrameDecoder decoder = new StreamFrameDecoder(Role.SERVER, FrameLimits.defaults());
        ServerSession[] bound = new ServerSession[1];
        try (Socket s = socket) {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            byte[] chunk = new byte[16 << 10];
            int n;
            while ((n = in.read(chunk)) > 0) {
                while (frozen.contains(s) && !s.isClosed()) {
                    Thread.sleep(10);
                }
                decoder.decode(chunk, 0, n, frame -> {
                    if (bound[0] == null) {
                        bound[0] = handshake((HelloFrame) frame, s, out);
                    } else {
                        bound[0].receive(frame);
                    }
                });
            }
        } catch (IOException | WireException | InterruptedException e) {
            // connection over
        } finally {
            connections.remove(socket);
            if (bound[0] != null) {
                bound[0].detach(socket);
            }
        }
    }

    private ServerSession handshake(HelloFrame hello, Socket socket, OutputStream out) throws WireException {
        handshakes.incrementAndGet();
        ServerSession session = session(hello.session());
        try {
            if (session == null) {
                throw new WireException(ErrorCode.UNKNOWN_SESSION, "session " + hello.session() + " is unknown");
            }
            session.attach(hello, socket, out);
            return session;
        } catch (WireException e) {
            try {
                out.write(FrameCodec.encode(ErrorFrame.of(e.code(), e.reason())));
                out.flush();
            } catch (IOException ignored) {
                // the client is gone anyway
            }
            throw e;
        }
    }

    private void serveUdp() {
        byte[] buffer = new byte[2048];
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        while (!closed) {
            try {
                packet.setLength(buffer.length);
                udp.receive(packet);
                if (lost()) {
                    continue;
                }
                ServerSession session = session(DatagramReader.sessionOf(buffer, 0, packet.getLength()));
                if (session != null) {
                    session.receiveDatagram(buffer, packet.getLength(), packet.getSocketAddress());
                }
            } catch (WireException e) {
                // dropped
            } catch (IOException e) {
                return;
            }
        }
    }

    private void tick() {
        while (!closed) {
            for (ServerSession session : sessions.values()) {
                session.tick();
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        tcp.close();
        udp.close();
        cutConnections();
        for (Thread thread : threads) {
            thread.interrupt();
        }
    }

    /** One session's engine and where its frames go. */
    private final class ServerSession {
        private final SessionId id;
        private final StreamContext context;
        private final Representation representation;
        private final SessionKeys keys;
        private final ServerHandshake handshake = new ServerHandshake();
        private final ReliabilityEngine engine;
        private final DatagramReader datagramReader;
        private final DatagramWriter datagramWriter;
        private OutputStream out;
        private Socket socket;
        private SocketAddress datagramPeer;

        ServerSession(SessionGrant grant) {
            this.id = SessionId.of(grant.id().toBytes());
            this.context = grant.session().context();
            this.representation = Representations.standard().get(context.representationUri());
            this.keys = SessionKeys.fromToken(grant.token().toBytes());
            boolean tcp = HhfrUris.TRANSPORT_TCP.equals(context.transportUri());
            this.datagramReader = new DatagramReader(id, SessionKeys.fromToken(grant.token().toBytes()), Role.SERVER,
                    FrameLimits.defaults());
            this.datagramWriter = new DatagramWriter(id, SessionKeys.fromToken(grant.token().toBytes()), Role.SERVER,
                    DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
            ReliabilityConfig config = tcp ? ReliabilityConfig.forStream()
                    : ReliabilityConfig.forDatagrams(datagramWriter.frameBudget());
            this.engine = new ReliabilityEngine(config, new Random(7), System.nanoTime());
        }

        synchronized void attach(HelloFrame hello, Socket connection, OutputStream stream) throws WireException {
            byte[] welcome = FrameCodec.encode(handshake.accept(hello, keys));
            if (handshake.resumed()) {
                engine.onTransportReset(System.nanoTime());
            }
            socket = connection;
            out = stream;
            try {
                out.write(welcome);
            } catch (IOException e) {
                out = null;
            }
            flush();
        }

        synchronized void detach(Socket socket) {
            out = null;
        }

        synchronized void receive(Frame frame) throws WireException {
            engine.receive(frame, System.nanoTime());
            dispatch();
            flush();
        }

        synchronized void receiveDatagram(byte[] buffer, int length, SocketAddress from) throws WireException {
            datagramReader.read(buffer, 0, length, frame -> engine.receive(frame, System.nanoTime()));
            datagramPeer = from;
            dispatch();
            flush();
        }

        synchronized void tick() {
            engine.tick(System.nanoTime());
            flush();
        }

        private void dispatch() {
            EngineEvent event;
            while ((event = engine.pollEvent()) != null) {
                if (event.kind() == EngineEvent.Kind.PEER_CLOSED) {
                    engine.close();
                }
            }
            DeliveredMessage message;
            while ((message = engine.poll()) != null) {
                try {
                    Message request = representation.decode(context.request(), message.payload());
                    dispatched.incrementAndGet();
                    engine.offer(representation.encode(FloatSum.respond(request)), 0, message.messageNumber());
                } catch (org.hhfr.streamer.MalformedMessageException e) {
                    engine.abort(ErrorCode.MALFORMED, e.getMessage());
                }
            }
        }

        private void flush() {
            Frame frame;
            if (datagramPeer != null) {
                while ((frame = engine.pollTransmit(System.nanoTime())) != null) {
                    if (!datagramWriter.add(frame)) {
                        sendDatagram(datagramWriter.finish());
                        datagramWriter.add(frame);
                    }
                }
                if (!datagramWriter.isEmpty()) {
                    sendDatagram(datagramWriter.finish());
                }
                return;
            }
            if (out == null || frozen.contains(socket)) {
                return;
            }
            try {
                while ((frame = engine.pollTransmit(System.nanoTime())) != null) {
                    out.write(FrameCodec.encode(frame));
                }
                out.flush();
            } catch (IOException e) {
                out = null;
            }
        }

        private void sendDatagram(byte[] datagram) {
            if (lost()) {
                return;
            }
            try {
                udp.send(new DatagramPacket(datagram, datagram.length, datagramPeer));
            } catch (IOException e) {
                // lost like any datagram
            }
        }
    }

    /** The in-memory store, remembering each grant's token: the test server derives session keys from it. */
    private static final class RecordingStore implements ContextStore {
        private final InMemoryContextStore store = new InMemoryContextStore();
        final Map<SessionId, SessionGrant> grants = new ConcurrentHashMap<>();

        @Override
        public SessionGrant create(StreamContext context) throws ContextStoreException {
            SessionGrant grant = store.create(context);
            grants.put(SessionId.of(grant.id().toBytes()), grant);
            return grant;
        }

        @Override
        public Optional<StoredSession> get(org.hhfr.contextstore.SessionId id) throws ContextStoreException {
            return store.get(id);
        }

        @Override
        public Optional<StoredSession> authenticate(org.hhfr.contextstore.SessionId id, SessionToken presented)
                throws ContextStoreException {
            return store.authenticate(id, presented);
        }

        @Override
        public boolean touch(org.hhfr.contextstore.SessionId id) throws ContextStoreException {
            return store.touch(id);
        }

        @Override
        public boolean remove(org.hhfr.contextstore.SessionId id) throws ContextStoreException {
            return store.remove(id);
        }

        @Override
        public int purgeExpired() throws ContextStoreException {
            return store.purgeExpired();
        }

        @Override
        public void addEvictionListener(EvictionListener listener) {
            store.addEvictionListener(listener);
        }

        @Override
        public void close() {
            store.close();
        }
    }
}
