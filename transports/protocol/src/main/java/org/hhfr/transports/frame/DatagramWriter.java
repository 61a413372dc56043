package org.hhfr.transports.frame;

import org.hhfr.transports.Role;
import org.hhfr.transports.auth.DatagramCipher;
import org.hhfr.transports.auth.DatagramProtection;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;

/**
 * Packs frames into authenticated datagrams of one session and direction. Layout: a header byte (version in the
 * high four bits, bit 0 set when the server sent it), {@code varint idLength}, the session id, {@code varint
 * epoch} (the stream's, from its keys), {@code varint packetNumber} (1, 2, ... per sender and stream), the
 * encoded frames, and a 16-byte tag: HMAC over everything before it, keyed by the sender's datagram key of the
 * stream. An {@linkplain DatagramProtection#ENCRYPTED encrypted} stream's datagrams set bit 1 of the header byte
 * and carry the frames encrypted with AES-GCM ({@link DatagramCipher}, the header as associated data) and the
 * GCM tag in place of the HMAC tag, so both kinds cost the same bytes. Not thread-safe.
 *
 * <p>Use: {@code add} frames until it returns false, then {@code finish} the datagram, send it, and add the
 * refused frame to the next one. Every frame up to {@link #frameBudget()} bytes fits into an empty datagram.
 */
public final class DatagramWriter {
    /** Fits a 1,280-byte IPv6 minimum MTU after IP and UDP headers, and most mobile paths. */
    public static final int DEFAULT_MAX_DATAGRAM_SIZE = 1200;
    /** Smallest frame budget that leaves a useful fragment size. */
    public static final int MIN_FRAME_BUDGET = 256;

    /** Header bit set in an {@linkplain DatagramProtection#ENCRYPTED encrypted} datagram. */
    static final int ENCRYPTED_BIT = 0x02;
    private static final int MAX_VARINT_SIZE = 9;

    private final SessionId session;
    private final SessionKeys keys;
    private final Role sender;
    private final int budget;
    /** Null for {@link DatagramProtection#AUTHENTICATED} datagrams. */
    private final DatagramCipher cipher;
    private final byte[] frames;
    private int used;
    private long nextPacketNumber = 1;

    /** A writer of {@linkplain DatagramProtection#AUTHENTICATED authenticated} cleartext datagrams. */
    public DatagramWriter(SessionId session, SessionKeys keys, Role sender, int maxDatagramSize) {
        this(session, keys, sender, maxDatagramSize, DatagramProtection.AUTHENTICATED);
    }

    public DatagramWriter(SessionId session, SessionKeys keys, Role sender, int maxDatagramSize,
                          DatagramProtection protection) {
        this.cipher = protection == DatagramProtection.ENCRYPTED ? keys.datagramCipher() : null;
        this.session = session;
        this.keys = keys;
        this.sender = sender;
        this.budget = frameBudget(maxDatagramSize, session.length());
        if (budget < MIN_FRAME_BUDGET) {
            throw new IllegalArgumentException("datagrams of " + maxDatagramSize + " bytes leave " + budget
                    + " bytes for frames; at least " + MIN_FRAME_BUDGET + " are needed");
        }
        this.frames = new byte[budget];
    }

    /** Bytes available for encoded frames in a datagram of {@code maxDatagramSize} bytes. */
    public static int frameBudget(int maxDatagramSize, int sessionIdLength) {
        return maxDatagramSize - headerSize(sessionIdLength, MAX_VARINT_SIZE, MAX_VARINT_SIZE) - SessionKeys.MAC_SIZE;
    }

    public int frameBudget() {
        return budget;
    }

    /**
     * Appends {@code frame} to the datagram being built.
     *
     * @return false, adding nothing, when it does not fit after the frames already added
     * @throws IllegalArgumentException when the frame is larger than {@link #frameBudget()}
     */
    public boolean add(Frame frame) {
        int size = FrameCodec.encodedSize(frame);
        if (size > budget) {
            throw new IllegalArgumentException(frame.type() + " frame of " + size
                    + " bytes can never fit a datagram's " + budget + " bytes for frames");
        }
        if (used + size > budget) {
            return false;
        }
        used = FrameCodec.encode(frame, frames, used);
        return true;
    }

    public boolean isEmpty() {
        return used == 0;
    }

    /** Seals the frames added so far into a datagram with the next packet number, and starts a new one. */
    public byte[] finish() {
        if (used == 0) {
            throw new IllegalStateException("no frame added");
        }
        long packetNumber = nextPacketNumber++;
        int header = headerSize(session.length(), Varint.size(keys.epoch()), Varint.size(packetNumber));
        byte[] datagram = new byte[header + used + SessionKeys.MAC_SIZE];
        datagram[0] = (byte) (FrameCodec.PROTOCOL_VERSION << 4 | (cipher != null ? ENCRYPTED_BIT : 0)
                | (sender == Role.SERVER ? 1 : 0));
        int offset = Varint.write(session.length(), datagram, 1);
        offset = session.writeTo(datagram, offset);
        offset = Varint.write(keys.epoch(), datagram, offset);
        offset = Varint.write(packetNumber, datagram, offset);
        System.arraycopy(frames, 0, datagram, offset, used);
        if (cipher != null) {
            cipher.seal(sender, packetNumber, datagram, 0, offset, used);
        } else {
            keys.writeDatagramTag(sender, datagram, 0, offset + used, datagram, offset + used);
        }
        used = 0;
        return datagram;
    }

    private static int headerSize(int sessionIdLength, int epochSize, int packetNumberSize) {
        return 1 + Varint.size(sessionIdLength) + sessionIdLength + epochSize + packetNumberSize;
    }
}
