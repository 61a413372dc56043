package org.hhfr.negotiation.reconstruct;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.schemas.DataStructure;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Representation;
import org.hhfr.streamer.Representations;
import org.hhfr.streamer.XmlRepresentation;

/**
 * Rebuilds the full SOAP envelope of a streamed message, so a SOAP stack and the service see the same
 * Infoset as from the plain SOAP call: the static header blocks kept in the session's context, then the
 * message's own header blocks, then the body decoded with the stream's representation and structure and
 * written by the streamer's XML representation. The SOAP version is the operation's. Thread-safe.
 */
public final class EnvelopeReconstructor {
    private final Representations representations;
    private final XmlRepresentation xml;

    public EnvelopeReconstructor(Representations representations, XmlRepresentation xml) {
        this.representations = Objects.requireNonNull(representations, "representations");
        this.xml = Objects.requireNonNull(xml, "xml");
    }

    /** Writes the envelope of a request that arrived on the stream of {@code context}. */
    public void request(StreamContext context, byte[] body, List<HeaderBlock> messageHeaders, OutputStream out)
            throws IOException {
        write(context, context.request(), body, messageHeaders, out);
    }

    /** Writes the envelope of a response that arrived on the stream of {@code context} (client side). */
    public void response(StreamContext context, byte[] body, List<HeaderBlock> messageHeaders, OutputStream out)
            throws IOException {
        if (context.response() == null) {
            throw new MalformedEnvelopeException("a response arrived on the one-way stream of "
                    + context.operation());
        }
        write(context, context.response(), body, messageHeaders, out);
    }

    /** The message a streamed body holds, decoded with the stream's representation. */
    public Message decode(StreamContext context, DataStructure structure, byte[] body)
            throws MalformedEnvelopeException {
        if (!representations.supports(context.representationUri())) {
            throw new MalformedEnvelopeException("representation " + context.representationUri()
                    + " of this stream is not available here");
        }
        Representation representation = representations.get(context.representationUri());
        try {
            return representation.decode(structure, body);
        } catch (MalformedMessageException e) {
            throw new MalformedEnvelopeException("streamed body is not a valid " + structure.root().name() + ": "
                    + e.getMessage(), e);
        }
    }

    private void write(StreamContext context, DataStructure structure, byte[] body, List<HeaderBlock> messageHeaders,
                       OutputStream out) throws IOException {
        Message message = decode(context, structure, body);
        List<HeaderBlock> headers = new ArrayList<>(context.staticHeaders());
        headers.addAll(messageHeaders);
        SoapEnvelopeWriter.write(out, context.operation().soapVersion(), headers, MessageBody.writer(xml, message));
    }
}
