package org.hhfr.client;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.PortUnreachableException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.DatagramProtection;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.ConnectionId;
import org.hhfr.transports.frame.DatagramReader;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.PathFrame;
import org.hhfr.transports.frame.SignalFrame;
import org.hhfr.transports.reliability.PathEstimate;
import org.hhfr.transports.reliability.ReliabilityConfig;

/**
 * A stream over UDP datagrams from a local socket to the session's endpoint. Every datagram carries the
 * session id (or, once the server's first datagram brought it, the stream's short connection id) and an HMAC
 * tag made with the session token (or, for an encrypted stream, its frames are sealed
 * with AES-GCM under keys derived from it); the reliability engine retransmits, orders and
 * deduplicates, so calls behave as on TCP. Datagrams that fail verification are dropped. Two
 * threads: the reader verifies datagrams with its own keys (MACs are not thread-safe), the writer
 * ({@link FrameOutbox}) sends the datagrams the engine's turns packed with theirs.
 *
 * <p>The stream may {@linkplain #migrate move} to a new local socket (the device changed networks; also by
 * itself when sending fails, at most once a second), keeping its session, keys, engine and calls: the server
 * keeps sending to the old address until the new one answered its PATH_CHALLENGE, which the reader answers
 * whichever socket it came on. The address token the server sends is kept for the client's next stream over the
 * same path ({@link PathEstimates}), whose first flight shows it, so that the server sends that stream's
 * answers at once rather than three times what came from the address until it answered a challenge.
 */
final class UdpChannel extends StreamChannel {
    /**
     * Datagrams' worth of bytes a proposed session's stream keeps in flight until the offer proposing it is
     * written whole: half the initial window of ten. Its server can acknowledge none before the offer arrives,
     * and datagrams still queued on a slow uplink would delay the offer behind them; these leave at once, while
     * the negotiation's TCP connection opens, and take about a 3G uplink's round trip (384 kbit/s, 150 ms).
     */
    private static final int DATAGRAMS_BEFORE_OFFER = 5;
    /** A socket that fails to send moves the stream to a new one at most this often. */
    private static final long MIN_MIGRATION_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** Verifies datagrams of every reader thread (an old socket's may overlap a new one's); guarded by itself. */
    private final DatagramReader verifier;
    /** Used in the serial context only. */
    private final DatagramWriter datagrams;
    private final DatagramSocketLink link;
    /** Guards the socket, its reader and the time of the last move. */
    private final Object sockets = new Object();
    /** Whether the connection id was handed to the writer; guarded by {@link #verifier}. */
    private boolean connectionIdKnown;
    private DatagramSocket socket;
    private Thread reader;
    private long lastMigration = System.nanoTime();

    private UdpChannel(StreamSettings settings, DatagramSocket socket, DatagramWriter datagrams, HandBack handBack) {
        super(settings, ReliabilityConfig.forDatagrams(datagrams.frameBudget()), settings.early ? handBack : null);
        this.socket = socket;
        this.datagrams = datagrams;
        this.verifier = new DatagramReader(settings.sessionId, SessionKeys.fromToken(settings.token, settings.epoch),
                Role.CLIENT,
                FrameLimits.defaults().withMaxFrameLength(DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE),
                protection(settings));
        this.link = new DatagramSocketLink(socket, datagrams, outbox, this::sendFailed);
    }

    /**
     * Binds a local socket for the endpoint; no packet is sent until the first call. The stream of a session
     * proposed in a negotiation still running flags its datagrams early, so that its server waits for the session,
     * and keeps its calls for {@code handBack} until the server's first datagram verifies: a proposal the answer
     * does not grant is never stored, so its server ran none of them. Until its {@linkplain #offerSent offer is
     * sent} it keeps about half its initial window in flight ({@link #DATAGRAMS_BEFORE_OFFER}). A stream the client
     * ran over the same path within minutes left an estimate of it ({@link PathEstimates}): the engine starts
     * from that instead of from the initial window.
     */
    static UdpChannel open(StreamSettings settings, HandBack handBack) throws HhfrException {
        DatagramSocket socket = bind(settings);
        DatagramWriter datagrams = new DatagramWriter(settings.sessionId,
                SessionKeys.fromToken(settings.token, settings.epoch),
                Role.CLIENT, DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, protection(settings));
        if (settings.early) {
            datagrams.early();
        }
        UdpChannel channel = new UdpChannel(settings, socket, datagrams, handBack);
        channel.context.execute(() -> {
            PathEstimate earlier = settings.paths.of(socket.getLocalAddress(), settings.address);
            if (earlier != null) {
                channel.stream.engine().resumePath(earlier);
            }
            Long token = settings.paths.tokenOf(socket.getLocalAddress(), settings.address, settings.sessionId);
            if (token != null) {
                channel.link.rideOnNextFlush(PathFrame.addressToken(token)); // with the stream's first calls
            }
            if (settings.early) {
                channel.stream.limitFlight((long) DATAGRAMS_BEFORE_OFFER * datagrams.frameBudget());
            }
            channel.stream.attach(channel.link, false);
        });
        channel.outbox.start("hhfr-udp-writer");
        synchronized (channel.sockets) {
            channel.startReader(socket);
        }
        return channel;
    }

    private static DatagramSocket bind(StreamSettings settings) throws HhfrException {
        DatagramSocket socket = null;
        try {
            socket = new DatagramSocket();
            socket.connect(settings.address);
            return socket;
        } catch (IOException e) {
            if (socket != null) {
                socket.close();
            }
            throw new HhfrException("cannot open " + settings.describe("UDP") + ": " + e.getMessage(), e);
        }
    }

    private static DatagramProtection protection(StreamSettings settings) {
        return settings.encrypted ? DatagramProtection.ENCRYPTED : DatagramProtection.AUTHENTICATED;
    }

    @Override
    public Mode mode() {
        return Mode.HHFR_UDP;
    }

    @Override
    String describe() {
        return settings.describe("UDP");
    }

    /**
     * Moves the stream to a new local socket (a new local address and port) and closes the old one. The
     * engine's RTT estimate and congestion window start over for the new network, and a PING leaves from the
     * new socket at once, so the server starts validating the new address without waiting for the next call.
     *
     * @return false when the stream is lost or closing, or no new socket could be bound (it stays on the old one)
     */
    @Override
    public boolean migrate() {
        synchronized (sockets) {
            if (isLost() || isClosing()) {
                return false;
            }
            DatagramSocket fresh;
            try {
                fresh = bind(settings);
            } catch (HhfrException e) {
                return false;
            }
            DatagramSocket old = socket;
            socket = fresh;
            lastMigration = System.nanoTime();
            link.moveTo(fresh);
            startReader(fresh);
            old.close();
        }
        context.execute(() -> {
            stream.driver().pathChanged();
            link.write(SignalFrame.PING);
            link.flush();
        });
        return true;
    }

    /** The writer thread could not send on the current socket (its network went away): move, unless just moved. */
    private void sendFailed() {
        synchronized (sockets) {
            if (System.nanoTime() - lastMigration < MIN_MIGRATION_INTERVAL_NANOS) {
                return;
            }
        }
        migrate();
    }

    /** Guarded by {@link #sockets}. */
    private void startReader(DatagramSocket from) {
        reader = new Thread(() -> runReader(from), "hhfr-udp-reader");
        reader.setDaemon(true);
        reader.start();
    }

    private void runReader(DatagramSocket from) {
        int maxDatagramSize = DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE;
        byte[] buffer = new byte[maxDatagramSize + 1];
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        while (!isLost()) {
            try {
                packet.setLength(buffer.length);
                from.receive(packet);
            } catch (PortUnreachableException e) {
                continue;
            } catch (IOException e) {
                if (from.isClosed()) {
                    return;
                }
                continue;
            }
            if (packet.getLength() > maxDatagramSize) {
                continue;
            }
            List<Frame> frames = new ArrayList<>(4);
            ConnectionId learned = null;
            synchronized (verifier) {
                try {
                    verifier.read(buffer, 0, packet.getLength(), frames::add);
                } catch (WireException e) {
                    continue;
                }
                if (!connectionIdKnown) {
                    connectionIdKnown = true;
                    learned = verifier.connectionId();
                }
            }
            if (learned != null) {
                ConnectionId id = learned;
                context.execute(() -> {
                    datagrams.connectionId(id);
                    accepted(); // the server holds the session: the calls are its own from now on
                });
            }
            List<PathFrame> challenges = takePathFrames(frames, from);
            context.execute(() -> {
                answer(challenges);
                receive(frames);
            });
        }
    }

    /**
     * Takes the path frames out of {@code frames} (they are not the engine's), keeps an address token for the next
     * stream over the path of {@code from}; the challenges among them.
     */
    private List<PathFrame> takePathFrames(List<Frame> frames, DatagramSocket from) {
        List<PathFrame> challenges = null;
        for (Iterator<Frame> it = frames.iterator(); it.hasNext(); ) {
            Frame frame = it.next();
            if (frame instanceof PathFrame) {
                it.remove();
                if (frame.type() == FrameType.ADDRESS_TOKEN) {
                    settings.paths.rememberToken(from.getLocalAddress(), settings.address, settings.sessionId,
                            ((PathFrame) frame).data());
                } else if (frame.type() == FrameType.PATH_CHALLENGE) {
                    if (challenges == null) {
                        challenges = new ArrayList<>(1);
                    }
                    challenges.add((PathFrame) frame);
                }
            }
        }
        return challenges;
    }

    /** In the context: the server checks that an address of ours reaches us; the same data back, at once. */
    private void answer(List<PathFrame> challenges) {
        if (challenges == null || isLost()) {
            return;
        }
        for (PathFrame challenge : challenges) {
            link.write(challenge.answer());
        }
        link.flush();
    }

    /** Leaves what the engine learned of the path, for the client's next stream from this address to the server. */
    @Override
    void endedGracefully() {
        InetAddress local;
        synchronized (sockets) {
            local = socket.getLocalAddress();
        }
        settings.paths.remember(local, settings.address, stream.engine().pathEstimate());
    }

    @Override
    void terminateLink() {
        Thread last;
        synchronized (sockets) {
            socket.close();
            last = reader;
        }
        join(last);
    }
}
