package org.hhfr.transports.netty;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import org.hhfr.transports.auth.Hkdf;

/**
 * The ADDRESS_TOKENs a server gives a session's UDP clients (WIRE-FORMAT 5.1): 8 bytes that prove a datagram of
 * the session reached the IP address they were sent to. A client that shows one on its next stream, from the same
 * IP address, has that stream's first address count as validated from then on: it gets what the stream has at
 * once instead of three times what it sent until it answers a PATH_CHALLENGE. {@code HMAC-SHA256(K, period ||
 * address)} truncated to 8 bytes, with {@code K = HMAC-SHA256(secret, "hhfr/1 address token" || SHA-256(session
 * token))}, the period the hour of the issue since the Unix epoch (8 bytes big-endian) and the address the IP
 * address's bytes (4 or 16; the port is not bound, since a client's next stream comes from a new socket). The
 * secret is the server's own, random, never sent: the client holds the session's token, and a key it could derive
 * would let it make a token for any address (the very forgery of a source address the limit is there for). A
 * token is honoured in its period and the next (one to two hours), only by the server that issued it, only within
 * its session and only from its address. Pure: time is an argument.
 */
final class AddressTokens {
    /** The period a token is issued in; it is honoured in that period and the next. */
    static final long PERIOD_MILLIS = TimeUnit.HOURS.toMillis(1);
    /** Bytes of a server's secret. */
    static final int SECRET_SIZE = 32;

    private static final byte[] LABEL = "hhfr/1 address token".getBytes(StandardCharsets.US_ASCII);
    private static final SecureRandom SECRETS = new SecureRandom();

    private AddressTokens() {
    }

    /** A server's secret, which keys its address tokens and nothing else. */
    static byte[] newSecret() {
        byte[] secret = new byte[SECRET_SIZE];
        SECRETS.nextBytes(secret);
        return secret;
    }

    /**
     * The key of one session's tokens at the server whose secret is {@code serverSecret}.
     *
     * @param tokenDigest the SHA-256 of the session's token (what the server's store keeps)
     */
    static byte[] key(byte[] serverSecret, byte[] tokenDigest) {
        Mac mac = Hkdf.mac(serverSecret);
        mac.update(LABEL);
        return mac.doFinal(tokenDigest);
    }

    /**
     * The token for {@code address} at {@code unixMillis}.
     *
     * @param key     the session's {@link #key}
     * @param address the client's IP address, as {@link java.net.InetAddress#getAddress()} gives it
     */
    static long issue(byte[] key, byte[] address, long unixMillis) {
        return token(key, address, Math.floorDiv(unixMillis, PERIOD_MILLIS));
    }

    /** Whether {@code token} was issued to {@code address} under {@code key} in this period or the one before. */
    static boolean honours(long token, byte[] key, byte[] address, long unixMillis) {
        long period = Math.floorDiv(unixMillis, PERIOD_MILLIS);
        // Both computed, so that the time taken does not tell which period a forged token missed.
        boolean current = token == token(key, address, period);
        boolean previous = token == token(key, address, period - 1);
        return current | previous;
    }

    private static long token(byte[] key, byte[] address, long period) {
        Mac mac = Hkdf.mac(key);
        mac.update(ByteBuffer.allocate(Long.BYTES).putLong(period).array());
        return ByteBuffer.wrap(mac.doFinal(address)).getLong();
    }
}
