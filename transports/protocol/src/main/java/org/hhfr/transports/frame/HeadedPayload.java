package org.hhfr.transports.frame;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;

/**
 * The payload of a request that carries header blocks of its own besides the session's static ones (a SOAP
 * client's per-call headers): a DATA message with the reserved operation {@link #OPERATION}, whose payload is
 * {@code varint headerLength}, the header section ({@code headerLength} bytes, opaque here: the negotiation
 * writes and reads it as XML), then the body to the end (WIRE-FORMAT 2.1). A request without headers of its own
 * is an ordinary DATA message and pays nothing for this.
 */
public final class HeadedPayload {
    /**
     * Operation 2^31 - 3, reserved next to the fault's and the cancel's: a request of the stream's operation
     * whose payload starts with its own header section.
     */
    public static final int OPERATION = Integer.MAX_VALUE - 2;

    private final byte[] headers;
    private final byte[] body;

    private HeadedPayload(byte[] headers, byte[] body) {
        this.headers = headers;
        this.body = body;
    }

    /** The payload of a request with header section {@code headers} (not empty) and body {@code body}. */
    public static byte[] encode(byte[] headers, byte[] body) {
        if (headers.length == 0) {
            throw new IllegalArgumentException("a headed payload needs a header section; send the body alone");
        }
        byte[] payload = new byte[Varint.size(headers.length) + headers.length + body.length];
        int offset = Varint.write(headers.length, payload, 0);
        System.arraycopy(headers, 0, payload, offset, headers.length);
        System.arraycopy(body, 0, payload, offset + headers.length, body.length);
        return payload;
    }

    /**
     * Splits a headed payload.
     *
     * @throws WireException {@code MALFORMED} when the length is missing, zero or beyond the payload,
     *                       {@code TOO_LARGE} when the header section is longer than {@code maxHeaderBytes}
     */
    public static HeadedPayload split(byte[] payload, int maxHeaderBytes) throws WireException {
        WireReader in = new WireReader(payload, 0, payload.length);
        long length = in.readVarint("header section length", 1, Integer.MAX_VALUE);
        if (length > maxHeaderBytes) {
            throw new WireException(ErrorCode.TOO_LARGE, "header section of " + length
                    + " bytes, more than the limit of " + maxHeaderBytes);
        }
        byte[] headers = in.readBytes("header section", (int) length);
        return new HeadedPayload(headers, in.readRest());
    }

    /** The header section, as its writer encoded it. */
    public byte[] headers() {
        return headers;
    }

    /** The body in the session's representation. */
    public byte[] body() {
        return body;
    }
}
