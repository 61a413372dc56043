package org.hhfr.client;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.PortUnreachableException;
import java.util.ArrayList;
import java.util.List;

import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.DatagramProtection;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.ConnectionId;
import org.hhfr.transports.frame.DatagramReader;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.reliability.ReliabilityConfig;

/**
 * A stream over UDP datagrams from one local socket to the session's endpoint. Every datagram carries the
 * session id (or, once the server's first datagram brought it, the stream's short connection id) and an HMAC
 * tag made with the session token (or, for an encrypted stream, its frames are sealed
 * with AES-GCM under keys derived from it); the reliability engine retransmits, orders and
 * deduplicates, so calls behave as on TCP. Datagrams that fail verification are dropped and counted. Two
 * threads: the reader verifies datagrams with its own keys (MACs are not thread-safe), the writer
 * ({@link FrameOutbox}) sends the datagrams the engine's turns packed with theirs.
 */
final class UdpChannel extends StreamChannel {
    private final DatagramSocket socket;
    private final DatagramReader verifier;
    /** Used in the serial context only. */
    private final DatagramWriter datagrams;
    /** Whether the connection id was handed to the writer; reader thread only. */
    private boolean connectionIdKnown;
    /** Written by the reader thread only. */
    private volatile long dropped;
    private Thread reader;

    private UdpChannel(StreamSettings settings, DatagramSocket socket, DatagramWriter datagrams) {
        super(settings, ReliabilityConfig.forDatagrams(datagrams.frameBudget()), null);
        this.socket = socket;
        this.datagrams = datagrams;
        this.verifier = new DatagramReader(settings.sessionId, SessionKeys.fromToken(settings.token, settings.epoch),
                Role.CLIENT,
                FrameLimits.defaults().withMaxFrameLength(DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE),
                protection(settings));
    }

    /** Binds a local socket for the endpoint; no packet is sent until the first call. */
    static UdpChannel open(StreamSettings settings) throws HhfrException {
        DatagramSocket socket;
        try {
            socket = new DatagramSocket();
            socket.connect(settings.address);
        } catch (IOException e) {
            throw new HhfrException("cannot open " + settings.describe("UDP") + ": " + e.getMessage(), e);
        }
        DatagramWriter datagrams = new DatagramWriter(settings.sessionId,
                SessionKeys.fromToken(settings.token, settings.epoch),
                Role.CLIENT, DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, protection(settings));
        UdpChannel channel = new UdpChannel(settings, socket, datagrams);
        DatagramSocketLink link = new DatagramSocketLink(socket, datagrams, channel.outbox);
        channel.context.execute(() -> channel.stream.attach(link, false));
        channel.outbox.start("hhfr-udp-writer");
        channel.reader = new Thread(channel::runReader, "hhfr-udp-reader");
        channel.reader.setDaemon(true);
        channel.reader.start();
        return channel;
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

    /** Datagrams dropped because they did not verify, were replayed or malformed. */
    long droppedDatagrams() {
        return dropped;
    }

    private void runReader() {
        int maxDatagramSize = DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE;
        byte[] buffer = new byte[maxDatagramSize + 1];
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        while (!isLost()) {
            try {
                packet.setLength(buffer.length);
                socket.receive(packet);
            } catch (PortUnreachableException e) {
                continue;
            } catch (IOException e) {
                if (socket.isClosed()) {
                    return;
                }
                continue;
            }
            if (packet.getLength() > maxDatagramSize) {
                dropped++;
                continue;
            }
            List<Frame> frames = new ArrayList<>(4);
            try {
                verifier.read(buffer, 0, packet.getLength(), frames::add);
            } catch (WireException e) {
                dropped++;
                continue;
            }
            if (!connectionIdKnown) {
                connectionIdKnown = true;
                ConnectionId learned = verifier.connectionId();
                context.execute(() -> datagrams.connectionId(learned));
            }
            context.execute(() -> receive(frames));
        }
    }

    @Override
    void terminateLink() {
        socket.close();
        join(reader);
    }
}
