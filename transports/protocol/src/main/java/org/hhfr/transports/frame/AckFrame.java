package org.hhfr.transports.frame;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;

/**
 * A SequenceAcknowledgement: the ranges of message numbers the receiver holds, whether the sequence is closed at
 * the receiver (WS-RM's Final), and the highest message number the sender may send (its credit, which WS-RM
 * lacks: it bounds the receiver's buffers over datagrams).
 *
 * <p>Body: {@code varint count}, then for the first range {@code varint lower, varint upper - lower}, for each
 * later range {@code varint lower - previousUpper - 2, varint upper - lower}, then {@code varint limit -
 * highestUpper} ({@code varint limit} when there is no range). Ranges are ascending, disjoint and not adjacent,
 * which makes the encoding unique. Flag FINAL is bit 0 of the flags nibble. Flag ACK_DELAY (bit 1), set on
 * datagram links, adds {@code varint ackDelayMicros} at the end: how long the receiver held the acknowledgement
 * since the highest acknowledged message arrived, which the sender takes off its round-trip sample.
 */
public final class AckFrame extends Frame {
    static final int FLAG_FINAL = 0x1;
    static final int FLAG_ACK_DELAY = 0x2;
    /** Largest ack delay on the wire (about 16.8 s); longer delays are sent as this. */
    public static final long MAX_ACK_DELAY_MICROS = (1L << 24) - 1;
    private static final long NO_ACK_DELAY = -1;

    private final long[] bounds;
    private final boolean closed;
    private final long limit;
    private final long ackDelayMicros;

    private AckFrame(long[] bounds, boolean closed, long limit, long ackDelayMicros) {
        this.bounds = bounds;
        this.closed = closed;
        this.limit = limit;
        this.ackDelayMicros = ackDelayMicros;
    }

    /**
     * @param bounds lower and upper bound (inclusive) of each range, in pairs, ascending, with at least one
     *               missing number between ranges
     * @param isFinal the receiver has processed the sender's CLOSE and accepts nothing new
     * @param limit the highest message number the sender may send; at least the highest acknowledged one
     */
    public static AckFrame of(long[] bounds, boolean isFinal, long limit) {
        return of(bounds, isFinal, limit, NO_ACK_DELAY);
    }

    /**
     * An acknowledgement that reports how long the receiver held it (datagram links).
     *
     * @param ackDelayMicros microseconds since the highest acknowledged message arrived; cut to
     *                       {@link #MAX_ACK_DELAY_MICROS}; negative for none
     */
    public static AckFrame of(long[] bounds, boolean isFinal, long limit, long ackDelayMicros) {
        if (bounds.length % 2 != 0) {
            throw new IllegalArgumentException("range bounds come in pairs: " + bounds.length);
        }
        long previousUpper = -1;
        for (int i = 0; i < bounds.length; i += 2) {
            long lower = bounds[i];
            long upper = bounds[i + 1];
            if (lower < 1 || upper < lower || (previousUpper >= 0 && lower <= previousUpper + 1)) {
                throw new IllegalArgumentException("invalid acknowledgement range [" + lower + ", " + upper + "]");
            }
            previousUpper = upper;
        }
        if (limit < Math.max(previousUpper, 0)) {
            throw new IllegalArgumentException("limit " + limit + " is below acknowledged " + previousUpper);
        }
        return new AckFrame(bounds.clone(), isFinal, limit,
                ackDelayMicros < 0 ? NO_ACK_DELAY : Math.min(ackDelayMicros, MAX_ACK_DELAY_MICROS));
    }

    @Override
    public FrameType type() {
        return FrameType.ACK;
    }

    public int rangeCount() {
        return bounds.length / 2;
    }

    public long lower(int range) {
        return bounds[2 * range];
    }

    public long upper(int range) {
        return bounds[2 * range + 1];
    }

    /** The highest acknowledged number, or 0 when nothing is acknowledged. */
    public long highest() {
        return bounds.length == 0 ? 0 : bounds[bounds.length - 1];
    }

    public boolean isFinal() {
        return closed;
    }

    /** The highest message number the sender may send. */
    public long limit() {
        return limit;
    }

    public boolean hasAckDelay() {
        return ackDelayMicros != NO_ACK_DELAY;
    }

    /** The reported ack delay in microseconds, or 0 when none was reported. */
    public long ackDelayMicros() {
        return Math.max(ackDelayMicros, 0);
    }

    /** The reported ack delay in nanoseconds, or 0. */
    public long ackDelayNanos() {
        return ackDelayMicros() * 1_000;
    }

    @Override
    int flags() {
        return (closed ? FLAG_FINAL : 0) | (hasAckDelay() ? FLAG_ACK_DELAY : 0);
    }

    @Override
    int bodySize() {
        int size = Varint.size(rangeCount());
        long previousUpper = 0;
        for (int i = 0; i < bounds.length; i += 2) {
            size += Varint.size(i == 0 ? bounds[i] : bounds[i] - previousUpper - 2);
            size += Varint.size(bounds[i + 1] - bounds[i]);
            previousUpper = bounds[i + 1];
        }
        size += Varint.size(limit - previousUpper);
        return hasAckDelay() ? size + Varint.size(ackDelayMicros) : size;
    }

    @Override
    int writeBody(byte[] dst, int offset) {
        offset = Varint.write(rangeCount(), dst, offset);
        long previousUpper = 0;
        for (int i = 0; i < bounds.length; i += 2) {
            offset = Varint.write(i == 0 ? bounds[i] : bounds[i] - previousUpper - 2, dst, offset);
            offset = Varint.write(bounds[i + 1] - bounds[i], dst, offset);
            previousUpper = bounds[i + 1];
        }
        offset = Varint.write(limit - previousUpper, dst, offset);
        return hasAckDelay() ? Varint.write(ackDelayMicros, dst, offset) : offset;
    }

    static AckFrame read(WireReader in, int flags, FrameLimits limits) throws WireException {
        if ((flags & ~(FLAG_FINAL | FLAG_ACK_DELAY)) != 0) {
            throw new WireException(ErrorCode.MALFORMED, "ACK with undefined flags " + flags);
        }
        int count = in.readInt("ACK range count", 0, limits.maxAckRanges());
        long[] bounds = new long[2 * count];
        long max = DataFrame.MAX_MESSAGE_NUMBER;
        long previousUpper = 0;
        for (int i = 0; i < count; i++) {
            long lower;
            if (i == 0) {
                lower = in.readVarint("ACK range lower bound", 1, max);
            } else {
                if (previousUpper > max - 2) {
                    throw new WireException(ErrorCode.MALFORMED, "ACK range after the largest message number");
                }
                lower = previousUpper + 2 + in.readVarint("ACK range gap", 0, max - previousUpper - 2);
            }
            long upper = lower + in.readVarint("ACK range length", 0, max - lower);
            bounds[2 * i] = lower;
            bounds[2 * i + 1] = upper;
            previousUpper = upper;
        }
        long limit = previousUpper + in.readVarint("ACK limit", 0, max - previousUpper);
        long ackDelay = (flags & FLAG_ACK_DELAY) != 0 ? in.readVarint("ACK delay", 0, MAX_ACK_DELAY_MICROS)
                : NO_ACK_DELAY;
        return new AckFrame(bounds, (flags & FLAG_FINAL) != 0, limit, ackDelay);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("ACK");
        for (int i = 0; i < bounds.length; i += 2) {
            text.append(i == 0 ? " " : ",").append(bounds[i]).append('-').append(bounds[i + 1]);
        }
        text.append(" limit ").append(limit).append(closed ? " final" : "");
        return (hasAckDelay() ? text.append(" delay ").append(ackDelayMicros).append("us") : text).toString();
    }
}
