package org.hhfr.transports.frame;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;

/**
 * Splits the bytes of one TCP connection into frames, whatever chunks they arrive in. It holds at most one
 * partial frame, grown as its bytes arrive (never allocated up front from a claimed length) and dropped once it
 * completes (an idle connection holds no buffer), so memory is bounded by {@link FrameLimits#maxFrameLength()} and by what the peer actually sent. A server bounds it
 * further after the handshake by the session's agreed message size ({@link #limitTo}), and across its
 * connections by a shared {@link FrameBufferBudget}: a partial frame whose buffer does not fit the budget is
 * refused with {@code TOO_LARGE}, and a connection's reservation is given back when its frame completes, when
 * decoding fails and when the connection ends ({@link #release()}).
 *
 * <p>The handshake is structural: on a server the first frame must be HELLO or RESUME and at most
 * {@value #MAX_CLIENT_HANDSHAKE_LENGTH} bytes long; on a client it must be WELCOME or ERROR. Nothing else is
 * decoded before it, so an unauthenticated peer can neither make the server buffer a large frame nor have any
 * frame reach the reliability engine. After a {@link WireException} the connection is unusable; the decoder
 * refuses further input.
 */
public final class StreamFrameDecoder {
    /** Longest HELLO or RESUME content: type, version, id length, 64-byte id, epoch, attempt, proof. */
    public static final int MAX_CLIENT_HANDSHAKE_LENGTH = 1 + 1 + 1 + 64 + 9 + 9 + 16;
    /** Longest WELCOME or ERROR content. */
    public static final int MAX_SERVER_HANDSHAKE_LENGTH = 1 + 5 + ErrorFrame.MAX_REASON_BYTES;

    private static final int MAX_PREFIX_SIZE = 5;
    /** The first buffer made for a partial frame, unless the frame is shorter. */
    private static final int INITIAL_BUFFER_SIZE = 256;
    private static final byte[] NO_BUFFER = new byte[0];

    private final Role local;
    private final FrameBufferBudget budget;
    private FrameLimits limits;
    private boolean handshakeSeen;
    private boolean failed;

    private long prefixValue;
    private int prefixBytes;
    private int frameLength = -1;
    /** The partial frame's bytes: made when a frame is split across chunks, dropped once it completes. */
    private byte[] buffer = NO_BUFFER;
    private int filled;
    /** Bytes of {@link #buffer} reserved in the budget while a frame is partial. */
    private int reserved;

    /** A decoder for a connection seen from {@code local}'s side, bounded by its limits alone. */
    public StreamFrameDecoder(Role local, FrameLimits limits) {
        this(local, limits, FrameBufferBudget.unshared());
    }

    /** A decoder whose partial frames also count against {@code budget}, shared with other connections. */
    public StreamFrameDecoder(Role local, FrameLimits limits, FrameBufferBudget budget) {
        this.local = local;
        this.limits = limits;
        this.budget = budget;
    }

    /**
     * Bounds the frames that follow by {@code agreed} (the session's agreed message size): called once the
     * handshake is accepted. A frame already under way keeps the bound it started with.
     */
    public void limitTo(FrameLimits agreed) {
        limits = agreed;
    }

    /** Gives back this connection's reservation in the budget: call when the connection ends. Idempotent. */
    public void release() {
        budget.release(reserved);
        reserved = 0;
    }

    /**
     * Consumes {@code length} bytes, handing each completed frame to {@code out} in order. A partial frame at
     * the end is kept for the next call.
     */
    public void decode(byte[] src, int offset, int length, FrameConsumer out) throws WireException {
        if (failed) {
            throw new IllegalStateException("decoder already failed; close the connection");
        }
        try {
            decodeChunk(src, offset, offset + length, out);
        } catch (WireException e) {
            failed = true;
            release();
            throw e;
        }
    }

    /** Whether bytes of an incomplete frame are held: a connection closing now ended mid-frame. */
    public boolean hasPartialFrame() {
        return prefixBytes > 0 || frameLength >= 0;
    }

    private void decodeChunk(byte[] src, int offset, int end, FrameConsumer out) throws WireException {
        while (offset < end) {
            if (frameLength < 0) {
                offset = readPrefix(src, offset, end);
                if (frameLength >= 0 && end - offset >= frameLength) {
                    Frame frame = decodeFrame(src, offset);
                    offset += frameLength;
                    frameLength = -1;
                    out.accept(frame);
                }
            } else {
                int take = Math.min(end - offset, frameLength - filled);
                hold(filled + take);
                System.arraycopy(src, offset, buffer, filled, take);
                filled += take;
                offset += take;
                if (filled == frameLength) {
                    Frame frame = decodeFrame(buffer, 0);
                    frameLength = -1;
                    filled = 0;
                    release();
                    buffer = NO_BUFFER;
                    out.accept(frame);
                }
            }
        }
    }

    /** Reads length-prefix bytes; sets {@link #frameLength} once the prefix is complete. */
    private int readPrefix(byte[] src, int offset, int end) throws WireException {
        while (offset < end) {
            int b = src[offset++] & 0xFF;
            prefixValue |= (long) (b & 0x7F) << (7 * prefixBytes);
            prefixBytes++;
            if ((b & 0x80) != 0) {
                if (prefixBytes == MAX_PREFIX_SIZE) {
                    throw new WireException(ErrorCode.MALFORMED, "frame length prefix longer than 5 bytes");
                }
                continue;
            }
            if (b == 0 && prefixBytes > 1) {
                throw new WireException(ErrorCode.MALFORMED, "overlong frame length prefix");
            }
            long length = prefixValue;
            prefixValue = 0;
            prefixBytes = 0;
            if (length == 0) {
                throw new WireException(ErrorCode.MALFORMED, "empty frame");
            }
            int limit = currentLimit();
            if (length > limit) {
                throw new WireException(ErrorCode.TOO_LARGE, (handshakeSeen ? "frame" : "handshake frame")
                        + " of " + length + " bytes exceeds the limit of " + limit);
            }
            frameLength = (int) length;
            return offset;
        }
        return offset;
    }

    /** Bytes held for the partial frame; grows only with bytes received. */
    int bufferCapacity() {
        return buffer.length;
    }

    private int currentLimit() {
        if (handshakeSeen) {
            return limits.maxFrameLength();
        }
        // A handshake frame longer than the limits would be refused once complete: refuse it before holding it.
        return Math.min(limits.maxFrameLength(),
                local == Role.SERVER ? MAX_CLIENT_HANDSHAKE_LENGTH : MAX_SERVER_HANDSHAKE_LENGTH);
    }

    private Frame decodeFrame(byte[] buf, int offset) throws WireException {
        Frame frame = FrameCodec.decodeContent(buf, offset, frameLength, limits);
        if (!handshakeSeen) {
            FrameType type = frame.type();
            boolean expected = local == Role.SERVER
                    ? type == FrameType.HELLO || type == FrameType.RESUME
                    : type == FrameType.WELCOME || type == FrameType.ERROR;
            if (!expected) {
                throw new WireException(ErrorCode.MALFORMED,
                        type + " before the handshake; the first frame must be "
                                + (local == Role.SERVER ? "HELLO or RESUME" : "WELCOME or ERROR"));
            }
            handshakeSeen = true;
        }
        return frame;
    }

    /**
     * Makes room for {@code needed} bytes of the partial frame, the whole buffer reserved in the budget first
     * (its retained capacity counts again for each new partial frame).
     */
    private void hold(int needed) throws WireException {
        int capacity = needed <= buffer.length ? buffer.length
                : (int) Math.min(frameLength, Math.max(needed, Math.max(INITIAL_BUFFER_SIZE, 2L * buffer.length)));
        if (capacity > reserved) {
            if (!budget.tryReserve(capacity - reserved)) {
                throw new WireException(ErrorCode.TOO_LARGE, "the server holds partial frames of all connections"
                        + " up to " + budget.maxBytes() + " bytes and is full; try again later");
            }
            reserved = capacity;
        }
        if (capacity > buffer.length) {
            byte[] grown = new byte[capacity];
            System.arraycopy(buffer, 0, grown, 0, filled);
            buffer = grown;
        }
    }
}
