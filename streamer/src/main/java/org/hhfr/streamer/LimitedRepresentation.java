package org.hhfr.streamer;

import java.util.Objects;

/**
 * What the built-in representations share: the URI that names them and the {@link StreamerLimits} their
 * decoders enforce, with the checks a decode makes before it reads anything.
 */
abstract class LimitedRepresentation implements Representation {
    private final String uri;
    private final StreamerLimits limits;

    LimitedRepresentation(String uri, StreamerLimits limits) {
        this.uri = uri;
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    @Override
    public final String uri() {
        return uri;
    }

    /** The bounds decoding enforces. */
    public final StreamerLimits limits() {
        return limits;
    }

    /** @throws IndexOutOfBoundsException unless the range lies within {@code bytes} */
    static void checkRange(byte[] bytes, int offset, int length) {
        if (offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new IndexOutOfBoundsException("range " + offset + "+" + length + " of " + bytes.length + " bytes");
        }
    }

    /** Refuses a message longer than {@link StreamerLimits#maxMessageBytes()} before reading it. */
    final void requireWithinLimit(int length, String unit, String location) throws MalformedMessageException {
        if (length > limits.maxMessageBytes()) {
            throw new MalformedMessageException("message of " + length + " " + unit + " exceeds maxMessageBytes "
                    + limits.maxMessageBytes(), location, "");
        }
    }
}
