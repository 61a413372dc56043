package org.hhfr.transports.auth;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import javax.crypto.Mac;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.SecretKeySpec;
import org.hhfr.schemas.Sha256;
import org.hhfr.transports.Role;

/**
 * The keys of one stream of a session, and the MACs made with them. The token itself never travels on a
 * stream: TCP handshakes carry HMAC proofs and every datagram carries an HMAC tag, each with its own derived key,
 * so a proof cannot be replayed as a tag, nor a client's datagram reflected back as the server's.
 *
 * <p>A session may carry several streams one after the other, each with its own {@linkplain StreamEpoch epoch};
 * the keys depend on it, so nothing recorded from one stream (handshake proofs, WELCOMEs, datagram tags)
 * verifies in another. Derivation: {@code root = HMAC-SHA256(SHA-256(token), "hhfr/1 stream" || epoch)} (epoch
 * as 8 bytes big-endian), then {@code key(label) = HMAC-SHA256(root, ASCII(label))} for the labels in the
 * wire format document (four keys, and the stream's call base). The first root is the token's digest, not the
 * token, because that digest is all a server's session store keeps (a dump of the store must not leak live
 * tokens). Proofs and tags are the first {@value #MAC_SIZE} bytes of an HMAC-SHA256.
 *
 * <p>Not thread-safe (it derives its datagram keys on first use): confine one instance to the thread that handles its
 * session, or give each thread its own.
 */
public final class SessionKeys {
    public static final int MIN_TOKEN_LENGTH = 16;
    public static final int MAX_TOKEN_LENGTH = 64;
    /** Bytes of a token digest (SHA-256). */
    public static final int DIGEST_SIZE = 32;
    /** Bytes of a handshake proof or a datagram tag. */
    public static final int MAC_SIZE = 16;

    private static final int FULL_MAC_SIZE = 32;
    private static final byte[] STREAM_LABEL = "hhfr/1 stream".getBytes(StandardCharsets.US_ASCII);
    private static final ThreadLocal<TagMac> TAG_MAC = new ThreadLocal<TagMac>() {
        @Override
        protected TagMac initialValue() {
            return new TagMac();
        }
    };

    private final long epoch;
    private final byte[] root;
    /*
     * A keyed Mac holds about 600 bytes, and a server holds the keys of every open stream: the handshake keys and
     * MACs, used once per connection, are derived when needed; each datagram key is derived on first use and kept
     * (a TCP stream never derives one), and tags are computed by two Macs per thread, one per sending role,
     * keyed again only when the datagram belongs to another stream than the one before.
     */
    private SecretKeySpec clientDatagramKey;
    private SecretKeySpec serverDatagramKey;

    private SessionKeys(byte[] tokenDigest, long epoch) {
        this.epoch = StreamEpoch.check(epoch);
        root = streamRoot(tokenDigest, epoch);
    }

    /** The keys of the session's first stream ({@link StreamEpoch#FIRST}), from the token the client holds. */
    public static SessionKeys fromToken(byte[] token) {
        return fromToken(token, StreamEpoch.FIRST);
    }

    /**
     * The client's way in: it holds the token itself.
     *
     * @param token the secret from negotiation, {@value #MIN_TOKEN_LENGTH}..{@value #MAX_TOKEN_LENGTH} bytes
     *              from a SecureRandom
     * @param epoch the stream's epoch, at least {@link StreamEpoch#FIRST}
     */
    public static SessionKeys fromToken(byte[] token, long epoch) {
        if (token.length < MIN_TOKEN_LENGTH || token.length > MAX_TOKEN_LENGTH) {
            throw new IllegalArgumentException(
                    "session token must be " + MIN_TOKEN_LENGTH + ".." + MAX_TOKEN_LENGTH + " bytes: " + token.length);
        }
        return new SessionKeys(Sha256.newDigest().digest(token), epoch);
    }

    /** The keys of the session's first stream ({@link StreamEpoch#FIRST}), from the stored token digest. */
    public static SessionKeys fromTokenDigest(byte[] tokenSha256) {
        return fromTokenDigest(tokenSha256, StreamEpoch.FIRST);
    }

    /**
     * The server's way in: it keeps only the token's digest.
     *
     * @param tokenSha256 SHA-256 of the session token ({@value #DIGEST_SIZE} bytes)
     * @param epoch       the stream's epoch, at least {@link StreamEpoch#FIRST}
     */
    public static SessionKeys fromTokenDigest(byte[] tokenSha256, long epoch) {
        if (tokenSha256.length != DIGEST_SIZE) {
            throw new IllegalArgumentException(
                    "a token digest is " + DIGEST_SIZE + " bytes of SHA-256: " + tokenSha256.length);
        }
        return new SessionKeys(tokenSha256, epoch);
    }

    /** The epoch of the stream these keys belong to. */
    public long epoch() {
        return epoch;
    }

    /**
     * A new AES-GCM cipher for this stream's encrypted datagrams, its keys derived from the stream's root with
     * HKDF; one per thread, like these keys.
     */
    public DatagramCipher datagramCipher() {
        return new DatagramCipher(root);
    }

    /**
     * The first 8 bytes of {@code K(hhfr/1 call base)}, big-endian: where the stream's call numbers start
     * ({@code org.hhfr.transports.frame.CallBase} takes 62 bits of it).
     */
    public long callBase() {
        return ByteBuffer.wrap(derive(root, "hhfr/1 call base")).getLong();
    }

    /** The proof a client puts in HELLO ({@code resume == false}) or RESUME for connection {@code attempt}. */
    public byte[] handshakeProof(boolean resume, SessionId session, long attempt) {
        return truncated(Hkdf.mac(derive(root, "hhfr/1 tcp hello")), handshakeInput(resume ? 1 : 0, session, attempt));
    }

    public boolean verifyHandshakeProof(boolean resume, SessionId session, long attempt, byte[] proof) {
        return equalInConstantTime(handshakeProof(resume, session, attempt), proof);
    }

    /** The proof a server puts in WELCOME, showing that it holds the token too. */
    public byte[] welcomeProof(SessionId session, long attempt) {
        return truncated(Hkdf.mac(derive(root, "hhfr/1 tcp welcome")), handshakeInput(2, session, attempt));
    }

    public boolean verifyWelcomeProof(SessionId session, long attempt, byte[] proof) {
        return equalInConstantTime(welcomeProof(session, attempt), proof);
    }

    /**
     * Writes the tag of {@code length} bytes of a datagram sent by {@code sender} to {@code dst}: the MAC of the
     * datagram's full packet number (8 bytes big-endian, as a header may carry only its low bytes) and the bytes.
     */
    public void writeDatagramTag(Role sender, long packetNumber, byte[] buf, int offset, int length, byte[] dst,
                                 int dstOffset) {
        byte[] scratch = fullMac(sender, packetNumber, buf, offset, length);
        System.arraycopy(scratch, 0, dst, dstOffset, MAC_SIZE);
    }

    /**
     * Whether the tag at {@code tagOffset} belongs to the {@code length} bytes at {@code offset} of the datagram
     * with {@code packetNumber}.
     */
    public boolean verifyDatagramTag(Role sender, long packetNumber, byte[] buf, int offset, int length, byte[] tag,
                                     int tagOffset) {
        byte[] scratch = fullMac(sender, packetNumber, buf, offset, length);
        int difference = 0;
        for (int i = 0; i < MAC_SIZE; i++) {
            difference |= scratch[i] ^ tag[tagOffset + i];
        }
        return difference == 0;
    }

    /** Computes the full tag into this thread's {@link TagMac#scratch}, which it returns. */
    private byte[] fullMac(Role sender, long packetNumber, byte[] buf, int offset, int length) {
        SecretKeySpec key;
        if (sender == Role.CLIENT) {
            if (clientDatagramKey == null) {
                clientDatagramKey = new SecretKeySpec(derive(root, "hhfr/1 udp client"), Hkdf.HMAC);
            }
            key = clientDatagramKey;
        } else {
            if (serverDatagramKey == null) {
                serverDatagramKey = new SecretKeySpec(derive(root, "hhfr/1 udp server"), Hkdf.HMAC);
            }
            key = serverDatagramKey;
        }
        TagMac tag = TAG_MAC.get();
        byte[] scratch = tag.scratch;
        try {
            Mac mac = tag.keyedWith(sender, key);
            writeLong(packetNumber, scratch, 0);
            mac.update(scratch, 0, 8);
            mac.update(buf, offset, length);
            mac.doFinal(scratch, 0);
        } catch (InvalidKeyException | ShortBufferException e) {
            throw new IllegalStateException("HMAC-SHA256 with a 32-byte key gives 32 bytes", e);
        }
        return scratch;
    }

    /**
     * One thread's HMAC-SHA256s for datagram tags, one per sending role (a peer tags its own datagrams and checks
     * the other's in turn), and the buffer their results go to. A Mac stays keyed after {@code doFinal}, so it
     * is keyed again only for another stream's key; holding that key keeps it from being mistaken for a new one.
     */
    private static final class TagMac {
        final Mac[] macs = new Mac[Role.values().length];
        final SecretKeySpec[] keys = new SecretKeySpec[macs.length];
        final byte[] scratch = new byte[FULL_MAC_SIZE];

        TagMac() {
            try {
                for (int i = 0; i < macs.length; i++) {
                    macs[i] = Mac.getInstance(Hkdf.HMAC);
                }
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(Hkdf.HMAC + " is not available", e);
            }
        }

        Mac keyedWith(Role sender, SecretKeySpec key) throws InvalidKeyException {
            int i = sender.ordinal();
            if (keys[i] != key) {
                macs[i].init(key);
                keys[i] = key;
            }
            return macs[i];
        }
    }

    private byte[] handshakeInput(int kind, SessionId session, long attempt) {
        byte[] input = new byte[2 + session.length() + 8 + 8];
        input[0] = (byte) kind;
        input[1] = (byte) session.length();
        int offset = session.writeTo(input, 2);
        offset = writeLong(epoch, input, offset);
        writeLong(attempt, input, offset);
        return input;
    }

    private static int writeLong(long value, byte[] dst, int offset) {
        for (int shift = 56; shift >= 0; shift -= 8) {
            dst[offset++] = (byte) (value >>> shift);
        }
        return offset;
    }

    private static byte[] streamRoot(byte[] tokenDigest, long epoch) {
        Mac mac = Hkdf.mac(tokenDigest);
        mac.update(STREAM_LABEL);
        byte[] epochBytes = new byte[8];
        writeLong(epoch, epochBytes, 0);
        return mac.doFinal(epochBytes);
    }

    private static byte[] truncated(Mac mac, byte[] input) {
        byte[] full = mac.doFinal(input);
        byte[] out = new byte[MAC_SIZE];
        System.arraycopy(full, 0, out, 0, MAC_SIZE);
        return out;
    }

    private static boolean equalInConstantTime(byte[] expected, byte[] actual) {
        if (actual.length != expected.length) {
            return false;
        }
        int difference = 0;
        for (int i = 0; i < expected.length; i++) {
            difference |= expected[i] ^ actual[i];
        }
        return difference == 0;
    }

    private static byte[] derive(byte[] root, String label) {
        return Hkdf.mac(root).doFinal(label.getBytes(StandardCharsets.US_ASCII));
    }
}
