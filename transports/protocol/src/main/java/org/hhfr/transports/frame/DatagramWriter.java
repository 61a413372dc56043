package org.hhfr.transports.frame;

import java.util.Arrays;
import org.hhfr.transports.Role;
import org.hhfr.transports.auth.DatagramCipher;
import org.hhfr.transports.auth.DatagramProtection;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;

/**
 * Packs frames into authenticated datagrams of one stream and direction. A datagram starts with a header byte
 * (version in the high four bits, bit 0 set when the server sent it, bit 1 when encrypted, bit 2 in the short
 * form, bit 3 in a client's long form datagram of a stream opened before its session was granted: {@link
 * #early()}). The <b>long form</b>, a client's until it knows its stream's {@link ConnectionId}, names the stream:
 * {@code varint idLength}, the session id, {@code varint epoch} (the stream's, from its keys), {@code varint
 * packetNumber}. The <b>short form</b>, a server's always and a client's once it learned the id from the server's
 * datagrams ({@link #connectionId(ConnectionId)}), carries the {@value ConnectionId#LENGTH}-byte connection id and
 * the low {@value ShortPacketNumber#SIZE} bytes of the packet number: {@value #SHORT_OVERHEAD} bytes with the tag.
 * Then come the encoded frames and a 16-byte tag: HMAC over the full packet number and everything before the tag,
 * keyed by the sender's datagram key of the stream. An {@linkplain DatagramProtection#ENCRYPTED encrypted}
 * stream's datagrams carry the frames encrypted with AES-GCM ({@link DatagramCipher}, the nonce from the packet
 * number, the header as associated data) and the GCM tag in place of the HMAC tag, so both kinds cost the same
 * bytes. Packet numbers run 1, 2, ... per sender and stream, across both forms. Not thread-safe.
 *
 * <p>Use: {@code add} frames until it returns false, then {@code finish} the datagram, send it, and add the
 * refused frame to the next one. Every frame up to {@link #frameBudget()} bytes fits into an empty datagram of
 * either form. A short form datagram's frames may take all the room its smaller header leaves ({@code
 * maxDatagramSize - }{@value #SHORT_OVERHEAD}): beside a fragment sized to the budget, that is where an
 * acknowledgement fits.
 */
public final class DatagramWriter {
    /** Fits a 1,280-byte IPv6 minimum MTU after IP and UDP headers, and most mobile paths. */
    public static final int DEFAULT_MAX_DATAGRAM_SIZE = 1200;
    /** Smallest frame budget that leaves a useful fragment size. */
    public static final int MIN_FRAME_BUDGET = 256;

    /** Header bit set in an {@linkplain DatagramProtection#ENCRYPTED encrypted} datagram. */
    static final int ENCRYPTED_BIT = 0x02;
    /** Header bit set in a datagram of the short form (connection id, short packet number). */
    static final int SHORT_FORM_BIT = 0x04;
    /** Header bit set in a client's long form datagram sent before its proposed session was granted. */
    static final int EARLY_BIT = 0x08;
    /** Bytes of a short form datagram that are not frames: header byte, connection id, packet number, tag. */
    public static final int SHORT_OVERHEAD = 1 + ConnectionId.LENGTH + ShortPacketNumber.SIZE + SessionKeys.MAC_SIZE;
    private static final int MAX_VARINT_SIZE = 9;
    private static final byte[] NO_DATAGRAM = new byte[0];

    private final SessionId session;
    private final SessionKeys keys;
    private final Role sender;
    private final int maxDatagramSize;
    private final int budget;
    /** Null for {@link DatagramProtection#AUTHENTICATED} datagrams. */
    private final DatagramCipher cipher;
    /**
     * The datagram being built, made at its first frame with room for as many as its form holds: the header's
     * bytes, then the frames, encoded in place, then the tag's. Handed on once sealed (an idle stream holds none).
     */
    private byte[] datagram = NO_DATAGRAM;
    /** Where the frames start: the header's size. */
    private int framesAt;
    /** Bytes of frames added. */
    private int used;
    private long nextPacketNumber = 1;
    /** Null while a client's datagrams take the long form. */
    private ConnectionId connectionId;
    /** Whether long form datagrams carry {@link #EARLY_BIT}. */
    private boolean early;

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
        this.maxDatagramSize = maxDatagramSize;
        this.budget = frameBudget(maxDatagramSize, session.length());
        if (budget < MIN_FRAME_BUDGET) {
            throw new IllegalArgumentException("datagrams of " + maxDatagramSize + " bytes leave " + budget
                    + " bytes for frames; at least " + MIN_FRAME_BUDGET + " are needed");
        }
    }

    /**
     * Bytes available for encoded frames in a datagram of {@code maxDatagramSize} bytes of either form (the long
     * form, naming a session id of {@code sessionIdLength} bytes, is the larger).
     */
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
        if (used + size > room()) {
            return false;
        }
        if (used == 0) {
            layOut();
        }
        used = FrameCodec.encode(frame, datagram, framesAt + used) - framesAt;
        return true;
    }

    public boolean isEmpty() {
        return used == 0;
    }

    /** Bytes the frames of the datagram being built may take: the short form's room, or the budget. */
    private int room() {
        return connectionId != null ? maxDatagramSize - SHORT_OVERHEAD : budget;
    }

    /**
     * Makes the datagrams finished from now on take the short form with {@code id}: a server's, with the id it
     * issued to the stream (before its first datagram); a client's, with the id its reader learned.
     */
    public void connectionId(ConnectionId id) {
        if (id == null && used > budget) {
            throw new IllegalStateException("the frames added fill more than a long form datagram holds");
        }
        connectionId = id;
        if (used > 0) {
            layOut();
        }
    }

    /** Makes the datagram's buffer for its form, and moves the frames already added (after a change of form). */
    private void layOut() {
        int header = connectionId != null ? SHORT_OVERHEAD - SessionKeys.MAC_SIZE
                : headerSize(session.length(), Varint.size(keys.epoch()), Varint.size(nextPacketNumber));
        byte[] laidOut = new byte[header + room() + SessionKeys.MAC_SIZE];
        if (used > 0) {
            System.arraycopy(datagram, framesAt, laidOut, header, used);
        }
        datagram = laidOut;
        framesAt = header;
    }

    /** The id the short form carries; null while datagrams take the long form. */
    public ConnectionId connectionId() {
        return connectionId;
    }

    /**
     * Flags this client's long form datagrams as sent before the session they name was granted: the stream of a
     * session proposed in a negotiation still running, whose server may not hold the session yet and then keeps
     * them until it does (WIRE-FORMAT 5.2).
     */
    public void early() {
        if (sender == Role.SERVER) {
            throw new IllegalStateException("only a client's datagrams are sent early");
        }
        early = true;
    }

    /** Seals the frames added so far into a datagram with the next packet number, and starts a new one. */
    public byte[] finish() {
        if (used == 0) {
            throw new IllegalStateException("no frame added");
        }
        if (connectionId == null && sender == Role.SERVER) {
            throw new IllegalStateException("a server's datagrams carry the connection id it issued");
        }
        long packetNumber = nextPacketNumber++;
        datagram[0] = (byte) (FrameCodec.PROTOCOL_VERSION << 4 | (cipher != null ? ENCRYPTED_BIT : 0)
                | (connectionId != null ? SHORT_FORM_BIT : early ? EARLY_BIT : 0) | (sender == Role.SERVER ? 1 : 0));
        if (connectionId != null) {
            ShortPacketNumber.write(packetNumber, datagram, connectionId.writeTo(datagram, 1));
        } else {
            int offset = Varint.write(session.length(), datagram, 1);
            offset = session.writeTo(datagram, offset);
            offset = Varint.write(keys.epoch(), datagram, offset);
            Varint.write(packetNumber, datagram, offset);
        }
        if (cipher != null) {
            cipher.seal(sender, packetNumber, datagram, 0, framesAt, used);
        } else {
            keys.writeDatagramTag(sender, packetNumber, datagram, 0, framesAt + used, datagram, framesAt + used);
        }
        int length = framesAt + used + SessionKeys.MAC_SIZE;
        byte[] sealed = length == datagram.length ? datagram : Arrays.copyOf(datagram, length);
        datagram = NO_DATAGRAM;
        used = 0;
        return sealed;
    }

    private static int headerSize(int sessionIdLength, int epochSize, int packetNumberSize) {
        return 1 + Varint.size(sessionIdLength) + sessionIdLength + epochSize + packetNumberSize;
    }
}
