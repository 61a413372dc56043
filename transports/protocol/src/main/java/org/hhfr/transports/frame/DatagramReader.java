package org.hhfr.transports.frame;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.DatagramCipher;
import org.hhfr.transports.auth.DatagramProtection;
import org.hhfr.transports.auth.ReplayWindow;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;

/**
 * Checks and unpacks the datagrams of one stream of a session arriving at one endpoint (layout in {@link
 * DatagramWriter}). A datagram names its stream by the {@link ConnectionId} the server issued (short form) or, a
 * client's before it knows that id, by session id and epoch (long form): one naming another stream is refused
 * before anything else, and one of this stream is decoded only after its tag verifies and its packet number
 * proves fresh, so nobody without the session token can inject into or replay within the stream. A server finds
 * the stream first with {@link #connectionIdOf} or, for the long form, {@link #sessionOf} and {@link #epochOf},
 * and gives the reader the id it issued ({@link #connectionId(ConnectionId)}); a client's reader takes the id
 * from the first server datagram that verifies and holds every later one to it. Not thread-safe.
 */
public final class DatagramReader {
    private static final int MIN_SIZE = 1 + 1 + 1 + 1 + 1 + SessionKeys.MAC_SIZE;

    private final SessionId session;
    private final SessionKeys keys;
    private final Role peer;
    private final FrameLimits limits;
    private final ReplayWindow replayWindow = new ReplayWindow();
    /** Null for a stream of {@link DatagramProtection#AUTHENTICATED} datagrams. */
    private final DatagramCipher cipher;
    /** The stream's connection id: null until the server issued it or the client learned it. */
    private ConnectionId connectionId;
    /** Whether the last datagram read carried a packet number above every one accepted before it. */
    private boolean newest;

    /**
     * A reader for the {@linkplain DatagramProtection#AUTHENTICATED authenticated} datagrams that {@code local}'s
     * peer sends in the stream of {@code session} {@code keys} belong to.
     */
    public DatagramReader(SessionId session, SessionKeys keys, Role local, FrameLimits limits) {
        this(session, keys, local, limits, DatagramProtection.AUTHENTICATED);
    }

    /** A reader that accepts only datagrams with {@code protection}; one of the other kind is refused. */
    public DatagramReader(SessionId session, SessionKeys keys, Role local, FrameLimits limits,
                          DatagramProtection protection) {
        this.cipher = protection == DatagramProtection.ENCRYPTED ? keys.datagramCipher() : null;
        this.session = session;
        this.keys = keys;
        this.peer = local.peer();
        this.limits = limits;
    }

    /** Whether a datagram takes the short form, naming its stream by connection id (not yet verified). */
    public static boolean isShortForm(byte[] datagram, int offset, int length) throws WireException {
        header(datagram, offset, length);
        return (datagram[offset] & DatagramWriter.SHORT_FORM_BIT) != 0;
    }

    /** The connection id a short form datagram names (not yet verified). */
    public static ConnectionId connectionIdOf(byte[] datagram, int offset, int length) throws WireException {
        WireReader in = header(datagram, offset, length);
        if ((datagram[offset] & DatagramWriter.SHORT_FORM_BIT) == 0) {
            throw new WireException(ErrorCode.MALFORMED, "datagram of the long form names no connection id");
        }
        return ConnectionId.read(datagram, skipped(in, "datagram connection id", ConnectionId.LENGTH));
    }

    /**
     * Whether a long form datagram is flagged as sent before its session was granted (not yet verified): its
     * session may not be stored yet.
     */
    public static boolean isEarly(byte[] datagram, int offset, int length) throws WireException {
        longHeader(datagram, offset, length);
        return (datagram[offset] & DatagramWriter.EARLY_BIT) != 0;
    }

    /** The session a long form datagram claims to belong to (not yet verified). */
    public static SessionId sessionOf(byte[] datagram, int offset, int length) throws WireException {
        WireReader in = longHeader(datagram, offset, length);
        return SessionId.of(in.readBytes("datagram session id", sessionIdLength(in)));
    }

    /** The epoch of the stream a long form datagram claims to belong to (not yet verified). */
    public static long epochOf(byte[] datagram, int offset, int length) throws WireException {
        WireReader in = longHeader(datagram, offset, length);
        in.skip("datagram session id", sessionIdLength(in));
        return readEpoch(in);
    }

    /**
     * Holds short form datagrams to {@code id} from now on: a server's reader, with the id it issued to the
     * stream (short form datagrams are refused before).
     */
    public void connectionId(ConnectionId id) {
        connectionId = id;
    }

    /** The stream's connection id: issued by the server, or learned by a client; null before. */
    public ConnectionId connectionId() {
        return connectionId;
    }

    /**
     * Whether the datagram {@link #read} last accepted carried a packet number above every one accepted before it
     * (not one overtaken on the way): only such a datagram may show that the peer moved to a new address.
     */
    public boolean newest() {
        return newest;
    }

    /**
     * Verifies one datagram and hands its frames to {@code out} in order.
     *
     * @throws WireException AUTHENTICATION_FAILED for a wrong tag or a datagram protected otherwise than the
     *                       stream's (a cleartext one in an encrypted stream), REPLAYED for a packet number seen
     *                       before or a datagram of an earlier stream, UNKNOWN_SESSION for another session's,
     *                       another connection id's or a later stream's datagram, MALFORMED and others for bad bytes
     */
    public void read(byte[] datagram, int offset, int length, FrameConsumer out) throws WireException {
        WireReader in = header(datagram, offset, length);
        if (((datagram[offset] & 1) == 1 ? Role.SERVER : Role.CLIENT) != peer) {
            throw new WireException(ErrorCode.MALFORMED, "datagram not sent by the " + peer);
        }
        boolean shortForm = (datagram[offset] & DatagramWriter.SHORT_FORM_BIT) != 0;
        ConnectionId named = null;
        long packetNumber;
        if (shortForm) {
            named = ConnectionId.read(datagram, skipped(in, "datagram connection id", ConnectionId.LENGTH));
            // a server's reader takes only the id it issued; a client's learns the first one that verifies
            if (connectionId == null ? peer == Role.CLIENT : !named.equals(connectionId)) {
                throw new WireException(ErrorCode.UNKNOWN_SESSION, "datagram for another connection id");
            }
            packetNumber = ShortPacketNumber.expand(ShortPacketNumber.read(datagram,
                    skipped(in, "datagram packet number", ShortPacketNumber.SIZE)), replayWindow.highest());
        } else {
            if (peer == Role.SERVER) {
                throw new WireException(ErrorCode.MALFORMED, "server datagram without a connection id");
            }
            int idLength = sessionIdLength(in);
            if (!session.matches(datagram, skipped(in, "datagram session id", idLength), idLength)) {
                throw new WireException(ErrorCode.UNKNOWN_SESSION, "datagram for another session");
            }
            long epoch = readEpoch(in);
            if (epoch != keys.epoch()) {
                throw new WireException(epoch < keys.epoch() ? ErrorCode.REPLAYED : ErrorCode.UNKNOWN_SESSION,
                        "datagram of stream epoch " + epoch + ", not of this stream's epoch " + keys.epoch());
            }
            packetNumber = in.readVarint("datagram packet number", 1, Long.MAX_VALUE);
        }
        boolean encrypted = (datagram[offset] & DatagramWriter.ENCRYPTED_BIT) != 0;
        if (encrypted != (cipher != null)) {
            throw new WireException(ErrorCode.AUTHENTICATION_FAILED, encrypted
                    ? "encrypted datagram in a stream of authenticated ones"
                    : "cleartext datagram in an encrypted stream");
        }
        int tagOffset = offset + length - SessionKeys.MAC_SIZE;
        int position = in.position();
        byte[] content = datagram;
        int end = tagOffset;
        if (encrypted) {
            content = cipher.open(peer, packetNumber, datagram, offset, position, offset + length - position);
            if (content == null) {
                throw new WireException(ErrorCode.AUTHENTICATION_FAILED, "datagram does not decrypt");
            }
            position = 0;
            end = content.length;
        } else if (!keys.verifyDatagramTag(peer, packetNumber, datagram, offset, tagOffset - offset, datagram,
                tagOffset)) {
            throw new WireException(ErrorCode.AUTHENTICATION_FAILED, "datagram tag does not verify");
        }
        long highestBefore = replayWindow.highest();
        if (!replayWindow.accept(packetNumber)) {
            throw new WireException(ErrorCode.REPLAYED, "datagram packet number " + packetNumber + " seen before");
        }
        newest = packetNumber > highestBefore;
        if (named != null && connectionId == null) {
            connectionId = named;
        }
        if (position == end) {
            throw new WireException(ErrorCode.MALFORMED, "datagram carries no frame");
        }
        WireReader frames = new WireReader(content, position, end - position);
        while (frames.remaining() > 0) {
            long frameLength = frames.readVarint("frame length", 1, Integer.MAX_VALUE);
            if (frameLength > frames.remaining()) {
                throw new WireException(ErrorCode.MALFORMED,
                        "frame of " + frameLength + " bytes runs past the end of the datagram");
            }
            int start = frames.position();
            frames.skip("frame", (int) frameLength);
            out.accept(FrameCodec.decodeContent(content, start, (int) frameLength, limits));
        }
    }

    /** Skips {@code length} bytes of {@code in}; returns where they start. */
    private static int skipped(WireReader in, String field, int length) throws WireException {
        int start = in.position();
        in.skip(field, length);
        return start;
    }

    private static WireReader longHeader(byte[] datagram, int offset, int length) throws WireException {
        WireReader in = header(datagram, offset, length);
        if ((datagram[offset] & DatagramWriter.SHORT_FORM_BIT) != 0) {
            throw new WireException(ErrorCode.MALFORMED, "datagram of the short form names no session");
        }
        return in;
    }

    private static WireReader header(byte[] datagram, int offset, int length) throws WireException {
        if (length < MIN_SIZE) {
            throw new WireException(ErrorCode.MALFORMED, "datagram of " + length + " bytes is too short");
        }
        int first = datagram[offset] & 0xFF;
        if (first >>> 4 != FrameCodec.PROTOCOL_VERSION) {
            throw new WireException(ErrorCode.UNSUPPORTED_VERSION, "datagram for protocol version " + (first >>> 4));
        }
        if ((first & DatagramWriter.EARLY_BIT) != 0 && (first & (DatagramWriter.SHORT_FORM_BIT | 1)) != 0) {
            throw new WireException(ErrorCode.MALFORMED, "only a client's long form datagram is flagged early");
        }
        return new WireReader(datagram, offset + 1, length - 1 - SessionKeys.MAC_SIZE);
    }

    private static long readEpoch(WireReader in) throws WireException {
        return in.readVarint("datagram epoch", 1, Long.MAX_VALUE);
    }

    private static int sessionIdLength(WireReader in) throws WireException {
        return in.readInt("datagram session id length", 1, SessionId.MAX_LENGTH);
    }
}
