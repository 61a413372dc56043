package org.hhfr.client;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.PortUnreachableException;
import java.util.ArrayList;
import java.util.List;

import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.DatagramReader;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.reliability.ReliabilityConfig;

/**
 * A stream over UDP datagrams from one local socket to the session's endpoint. Every datagram carries the
 * session id and an HMAC tag made with the session token; the reliability engine retransmits, orders and
 * deduplicates, so calls behave as on TCP. Datagrams that fail verification are dropped and counted. The
 * reader and writer threads each own their keys (the MACs are not thread-safe).
 */
final class UdpChannel extends StreamChannel {
    private final DatagramSocket socket;
    private final DatagramWriter datagrams;
    private final DatagramReader verifier;
    private long dropped;
    private Thread reader;
    private Thread writer;

    private UdpChannel(StreamSettings settings, DatagramSocket socket, DatagramWriter datagrams) {
        super(settings, ReliabilityConfig.forDatagrams(datagrams.frameBudget())
                .withRtoMillis(settings.policy.retransmissionIntervalMillis(),
                        Math.min(50, settings.policy.retransmissionIntervalMillis()),
                        Math.max(10_000, settings.policy.retransmissionIntervalMillis())), null);
        this.socket = socket;
        this.datagrams = datagrams;
        this.verifier = new DatagramReader(settings.sessionId, SessionKeys.fromToken(settings.token, settings.epoch),
                Role.CLIENT,
                FrameLimits.defaults().withMaxFrameLength(DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE));
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
                Role.CLIENT, DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
        UdpChannel channel = new UdpChannel(settings, socket, datagrams);
        channel.reader = new Thread(channel::runReader, "hhfr-udp-reader");
        channel.writer = new Thread(channel::runWriter, "hhfr-udp-writer");
        channel.reader.setDaemon(true);
        channel.writer.setDaemon(true);
        channel.reader.start();
        channel.writer.start();
        return channel;
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
        synchronized (lock) {
            return dropped;
        }
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
                countDrop();
                continue;
            }
            try {
                verifier.read(buffer, 0, packet.getLength(), this::onFrame);
            } catch (WireException e) {
                countDrop();
            }
        }
    }

    private void countDrop() {
        synchronized (lock) {
            dropped++;
        }
    }

    private void runWriter() {
        List<byte[]> out = new ArrayList<>();
        while (true) {
            synchronized (lock) {
                if (isTerminated()) {
                    return;
                }
                if (!awaitTransmitLocked(true)) {
                    continue;
                }
                Frame frame;
                while ((frame = pollTransmitLocked()) != null) {
                    if (!datagrams.add(frame)) {
                        out.add(datagrams.finish());
                        datagrams.add(frame);
                    }
                }
                if (!datagrams.isEmpty()) {
                    out.add(datagrams.finish());
                }
            }
            for (byte[] datagram : out) {
                try {
                    socket.send(new DatagramPacket(datagram, datagram.length));
                } catch (IOException e) {
                    // Lost like any datagram: the engine retransmits what is not acknowledged.
                }
            }
            out.clear();
            scheduleTick();
        }
    }

    @Override
    void terminateLink() {
        socket.close();
        join(writer);
        join(reader);
    }
}
