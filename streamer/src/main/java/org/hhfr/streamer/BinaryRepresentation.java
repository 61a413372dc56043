package org.hhfr.streamer;

import java.io.IOException;
import java.io.OutputStream;

import org.hhfr.schemas.DataStructure;

/**
 * The binary representation {@value #URI}: the paper's stream writer and reader. Values go on the wire
 * in schema order with no names or tags, in protobuf's tag-less primitive forms; the exact layout is in the
 * module README. Both peers must hold equal {@link DataStructure}s (compare their fingerprints).
 * Immutable and thread-safe.
 */
public final class BinaryRepresentation extends LimitedRepresentation {
    /** The URI naming this representation in negotiation. */
    public static final String URI = "urn:hhfr:rep:binary";

    /** Decodes within the default limits. */
    public BinaryRepresentation() {
        this(StreamerLimits.defaults());
    }

    public BinaryRepresentation(StreamerLimits limits) {
        super(URI, limits);
    }

    /** Sizes the message exactly first, then writes it once into an array of that size. */
    @Override
    public byte[] encode(Message message) {
        return BinaryWriter.toArray(message);
    }

    @Override
    public void encode(Message message, OutputStream out) throws IOException {
        BinaryWriter.toStream(message, out);
    }

    @Override
    public Message decode(DataStructure structure, byte[] bytes, int offset, int length)
            throws MalformedMessageException {
        checkRange(bytes, offset, length);
        requireWithinLimit(length, "bytes", "byte 0");
        return new BinaryReader(bytes, offset, length, limits()).read(structure);
    }

    @Override
    public String toString() {
        return URI;
    }
}
