package org.hhfr.transports.fault;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;

/**
 * The answer to one request that failed, in place of its response: a SOAP-like code (the request was wrong, or
 * the server failed) and a reason meant for people. It fails that call only; the stream goes on. It travels as
 * an ordinary response message (so it is reliable, ordered and correlated like one) whose operation is the
 * reserved {@link #OPERATION}.
 *
 * <p>Body: {@code byte code} (1 Sender, 2 Receiver), then the reason as UTF-8 to the end, at most
 * {@value #MAX_REASON_BYTES} bytes. A reason is one line of text: it is cut at the first line break, other
 * control characters become spaces, unpaired surrogates {@code ?}, and it is shortened to the limit (on a character boundary), so a stack
 * trace never travels even when an exception's message carries one.
 */
public final class StreamFault {
    /** The operation number that marks a response as a fault; requests never use it. */
    public static final int OPERATION = Integer.MAX_VALUE;
    /** Largest reason, in UTF-8 bytes. */
    public static final int MAX_REASON_BYTES = 1024;

    /** Whose fault it is, as SOAP 1.2 names it (SOAP 1.1: Client and Server). */
    public enum Code {
        /** The request was wrong (it cannot be decoded, names a reserved operation, breaks a rule). */
        SENDER(1),
        /** The server failed to process a good request (the service threw). */
        RECEIVER(2);

        final int wire;

        Code(int wire) {
            this.wire = wire;
        }
    }

    private final Code code;
    private final String reason;

    private StreamFault(Code code, String reason) {
        this.code = code;
        this.reason = reason;
    }

    /**
     * A fault with {@code reason} made fit to travel (one line, no control characters, bounded); an empty
     * reason becomes a generic one.
     */
    public static StreamFault of(Code code, String reason) {
        String line = oneLine(reason == null ? "" : reason);
        if (line.isEmpty()) {
            line = code == Code.SENDER ? "the request was refused" : "the service failed to process the request";
        }
        return new StreamFault(code, line);
    }

    /**
     * Reads the fault a client received in place of a response; a body that cannot be read becomes a
     * {@link Code#RECEIVER} fault saying so, because the call fails either way.
     *
     * @param where names the stream in the reason, e.g. "the TCP stream of sum at host:port"
     */
    public static StreamFault decodeAnswer(byte[] body, String where) {
        try {
            return decode(body);
        } catch (WireException e) {
            return of(Code.RECEIVER, "the fault on " + where + " cannot be read: " + e.getMessage());
        }
    }

    /**
     * Reads a fault body.
     *
     * @throws WireException MALFORMED for an empty body, an unknown code or a reason above the limit
     */
    public static StreamFault decode(byte[] body) throws WireException {
        if (body.length == 0) {
            throw new WireException(ErrorCode.MALFORMED, "empty fault");
        }
        Code code = null;
        for (Code candidate : Code.values()) {
            if (candidate.wire == body[0]) {
                code = candidate;
            }
        }
        if (code == null) {
            throw new WireException(ErrorCode.MALFORMED, "unknown fault code " + (body[0] & 0xFF));
        }
        if (body.length - 1 > MAX_REASON_BYTES) {
            throw new WireException(ErrorCode.MALFORMED, "fault reason of " + (body.length - 1)
                    + " bytes is above the limit of " + MAX_REASON_BYTES);
        }
        return of(code, new String(body, 1, body.length - 1, StandardCharsets.UTF_8));
    }

    /** The body to send as the response with operation {@link #OPERATION}. */
    public byte[] encode() {
        byte[] text = reason.getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[1 + text.length];
        body[0] = (byte) code.wire;
        System.arraycopy(text, 0, body, 1, text.length);
        return body;
    }

    public Code code() {
        return code;
    }

    public String reason() {
        return reason;
    }

    private static String oneLine(String text) {
        StringBuilder line = new StringBuilder(Math.min(text.length(), MAX_REASON_BYTES));
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                break;
            }
            line.append(Character.isISOControl(c) ? ' ' : c);
        }
        String wellFormed = new String(line.toString().getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        // trimmed after fitting too, so that a cut before a space leaves none: sanitizing twice changes nothing
        return fit(wellFormed.trim()).trim();
    }

    /** The longest prefix of {@code text} whose UTF-8 form fits the limit, never splitting a character. */
    private static String fit(String text) {
        CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        CharBuffer in = CharBuffer.wrap(text);
        encoder.encode(in, ByteBuffer.allocate(MAX_REASON_BYTES), true);
        return text.substring(0, in.position());
    }

    @Override
    public String toString() {
        return code + ": " + reason;
    }
}
