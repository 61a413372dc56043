package org.hhfr.contextstore;

import java.util.Objects;

/**
 * How a stream behaves, as negotiated: its reliability and the message sizes each side accepts. Sizes are
 * seen from the side that holds the context: inbound is what it receives (its own limit), outbound what it
 * may send (the peer's limit).
 */
public final class StreamCharacteristics {
    private final ReliabilityPolicy reliability;
    private final int maxInboundMessageBytes;
    private final int maxOutboundMessageBytes;

    public StreamCharacteristics(ReliabilityPolicy reliability, int maxInboundMessageBytes,
                                 int maxOutboundMessageBytes) {
        this.reliability = Objects.requireNonNull(reliability, "reliability");
        if (maxInboundMessageBytes <= 0 || maxOutboundMessageBytes <= 0) {
            throw new IllegalArgumentException("message size limits must be positive: inbound "
                    + maxInboundMessageBytes + ", outbound " + maxOutboundMessageBytes);
        }
        this.maxInboundMessageBytes = maxInboundMessageBytes;
        this.maxOutboundMessageBytes = maxOutboundMessageBytes;
    }

    public ReliabilityPolicy reliability() {
        return reliability;
    }

    /** Largest message this side accepts; larger ones are refused before they are buffered. */
    public int maxInboundMessageBytes() {
        return maxInboundMessageBytes;
    }

    /** Largest message the peer accepts; this side must not send more. */
    public int maxOutboundMessageBytes() {
        return maxOutboundMessageBytes;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof StreamCharacteristics)) {
            return false;
        }
        StreamCharacteristics other = (StreamCharacteristics) o;
        return reliability.equals(other.reliability) && maxInboundMessageBytes == other.maxInboundMessageBytes
                && maxOutboundMessageBytes == other.maxOutboundMessageBytes;
    }

    @Override
    public int hashCode() {
        return Objects.hash(reliability, maxInboundMessageBytes, maxOutboundMessageBytes);
    }

    @Override
    public String toString() {
        return reliability + " maxIn=" + maxInboundMessageBytes + " maxOut=" + maxOutboundMessageBytes;
    }
}
