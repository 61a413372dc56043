package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;

/**
 * How a stream behaves, as negotiated: its reliability and the message sizes each side accepts. Sizes are
 * seen from the side that holds the context: inbound is what it receives (its own limit), outbound what it
 * may send (the peer's limit).
 */
@AutoValue
public abstract class StreamCharacteristics {
    /** @throws IllegalArgumentException if a size limit is not positive */
    public static StreamCharacteristics of(ReliabilityPolicy reliability, int maxInboundMessageBytes,
                                           int maxOutboundMessageBytes) {
        if (maxInboundMessageBytes <= 0 || maxOutboundMessageBytes <= 0) {
            throw new IllegalArgumentException("message size limits must be positive: inbound "
                    + maxInboundMessageBytes + ", outbound " + maxOutboundMessageBytes);
        }
        return new AutoValue_StreamCharacteristics(reliability, maxInboundMessageBytes, maxOutboundMessageBytes);
    }

    public abstract ReliabilityPolicy reliability();

    /** Largest message this side accepts; larger ones are refused before they are buffered. */
    public abstract int maxInboundMessageBytes();

    /** Largest message the peer accepts; this side must not send more. */
    public abstract int maxOutboundMessageBytes();

    @Override
    public final String toString() {
        return reliability() + " maxIn=" + maxInboundMessageBytes() + " maxOut=" + maxOutboundMessageBytes();
    }
}
