package org.hhfr.negotiation.soap;

import java.util.Objects;

import org.hhfr.schemas.DataStructure;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.XmlRepresentation;
import org.xmlpull.v1.XmlPullParser;

/**
 * Bodies made of one streamer {@link Message}, written and read by the streamer's XML representation: the
 * same code serves plain SOAP calls and the reconstruction of streamed envelopes, so the two cannot drift.
 */
public final class MessageBody {
    private MessageBody() {
    }

    /** Writes {@code message} as the Body's one child element. */
    public static BodyWriter writer(XmlRepresentation xml, Message message) {
        Objects.requireNonNull(message, "message");
        return serializer -> xml.write(message, serializer);
    }

    /** Reads the Body's one child element as a message of {@code structure}. */
    public static BodyReader<Message> reader(XmlRepresentation xml, DataStructure structure) {
        Objects.requireNonNull(structure, "structure");
        return parser -> {
            if (parser.getEventType() != XmlPullParser.START_TAG) {
                throw new MalformedEnvelopeException("empty SOAP Body where " + structure.root().name()
                        + " was expected");
            }
            Message message;
            try {
                message = xml.read(structure, parser);
            } catch (MalformedMessageException e) {
                throw new MalformedEnvelopeException("SOAP Body does not match its schema: " + e.getMessage(), e);
            }
            if (parser.nextTag() != XmlPullParser.END_TAG) {
                throw new MalformedEnvelopeException("SOAP Body has more than the one element "
                        + structure.root().name());
            }
            return message;
        };
    }
}
