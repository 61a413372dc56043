package org.hhfr.streamer;

import java.io.IOException;
import java.io.OutputStream;

import org.hhfr.schemas.DataStructure;

/**
 * One way to put a {@link Message} on the wire, named by a URI (the paper's URI-R) that peers agree on in
 * negotiation. Implementations are immutable and thread-safe. The bytes are the message only: framing
 * belongs to the transport.
 */
public interface Representation {
    /** The URI naming this representation, e.g. {@code urn:hhfr:rep:binary}. */
    String uri();

    /** The encoded message. */
    byte[] encode(Message message);

    /** Writes the encoded message to {@code out} (not closed, not flushed beyond the message). */
    void encode(Message message, OutputStream out) throws IOException;

    /**
     * Decodes a whole message: every byte of the range must belong to it.
     *
     * @throws MalformedMessageException for anything but a valid message of {@code structure}
     */
    Message decode(DataStructure structure, byte[] bytes, int offset, int length)
            throws MalformedMessageException;

    /** {@link #decode(DataStructure, byte[], int, int)} over the whole array. */
    default Message decode(DataStructure structure, byte[] bytes) throws MalformedMessageException {
        return decode(structure, bytes, 0, bytes.length);
    }
}
