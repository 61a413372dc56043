package org.hhfr.negotiation.soap;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;

/**
 * Reads the content of a SOAP Body. It is called with the parser on the Body's first child START_TAG (or
 * on the Body's END_TAG when the Body is empty) and must return with the parser on the Body's END_TAG.
 * Faults never reach a body reader: the envelope reader turns them into {@link SoapFaultException}.
 */
public interface BodyReader<T> {
    T read(XmlPullParser parser) throws IOException, XmlPullParserException;

    /**
     * Keeps the Body's child elements as self-contained XML strings, at most {@code maxChars} in all and
     * nesting at most {@code maxDepth}.
     */
    static BodyReader<List<String>> elements(int maxChars, int maxDepth) {
        return parser -> {
            List<String> elements = new ArrayList<>();
            int remaining = maxChars;
            while (parser.getEventType() == XmlPullParser.START_TAG) {
                String element = XmlSubtree.capture(parser, remaining, maxDepth);
                remaining -= element.length();
                elements.add(element);
                parser.nextTag();
            }
            return elements;
        };
    }
}
