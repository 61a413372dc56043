package org.hhfr.streamer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

import org.hhfr.schemas.DataStructure;

/**
 * The binary representation {@value #URI}: the paper's stream writer and reader. Values go on the wire
 * in schema order with no names or tags, using protobuf's tag-less primitives; the exact layout is in the
 * module README. Both peers must hold equal {@link DataStructure}s (compare their fingerprints).
 * Immutable and thread-safe.
 */
public final class BinaryRepresentation implements Representation {
    /** The URI naming this representation in negotiation. */
    public static final String URI = "urn:hhfr:rep:binary";

    private final StreamerLimits limits;

    /** Decodes within the default limits. */
    public BinaryRepresentation() {
        this(StreamerLimits.defaults());
    }

    public BinaryRepresentation(StreamerLimits limits) {
        this.limits = limits;
    }

    @Override
    public String uri() {
        return URI;
    }

    public StreamerLimits limits() {
        return limits;
    }

    @Override
    public byte[] encode(Message message) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try {
            encode(message, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("a byte array stream does not fail", e);
        }
        return bytes.toByteArray();
    }

    @Override
    public void encode(Message message, OutputStream out) throws IOException {
        new BinaryWriter(out).write(message);
    }

    @Override
    public Message decode(DataStructure structure, byte[] bytes, int offset, int length)
            throws MalformedMessageException {
        if (offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new IndexOutOfBoundsException("range " + offset + "+" + length + " of " + bytes.length + " bytes");
        }
        if (length > limits.maxMessageBytes()) {
            throw new MalformedMessageException("message of " + length + " bytes exceeds maxMessageBytes "
                    + limits.maxMessageBytes(), "byte 0", "");
        }
        return new BinaryReader(bytes, offset, length, limits).read(structure);
    }

    @Override
    public String toString() {
        return URI;
    }
}
