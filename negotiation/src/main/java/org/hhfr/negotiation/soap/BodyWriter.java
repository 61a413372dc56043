package org.hhfr.negotiation.soap;

import java.io.IOException;
import java.util.List;

import org.xmlpull.v1.XmlSerializer;

/**
 * Writes the content of a SOAP Body (its child elements) on a serializer positioned inside the Body. The
 * streamer's XML representation is one; {@link #elements} replays XML strings.
 */
public interface BodyWriter {
    void write(XmlSerializer serializer) throws IOException;

    /** A body made of these elements, each a self-contained XML string, in order. */
    static BodyWriter elements(List<String> xml) {
        return serializer -> {
            for (String element : xml) {
                XmlSubtree.replay(element, serializer);
            }
        };
    }
}
