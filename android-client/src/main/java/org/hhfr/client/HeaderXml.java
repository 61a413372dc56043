package org.hhfr.client;

import java.io.IOException;
import java.io.StringReader;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.negotiation.soap.XmlSubtree;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.XmlPull;
import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;

/** A SOAP header block given by the app as XML text, checked once when it is given. */
final class HeaderXml {
    private HeaderXml() {
    }

    /**
     * The header block {@code xml} holds: one element, made self-contained (its namespaces declared on it), within
     * the limits of a SOAP header.
     *
     * @throws IllegalArgumentException if it is not one well-formed element within those limits
     */
    static HeaderBlock parse(String xml) {
        SoapLimits limits = SoapLimits.defaults();
        try {
            XmlPullParser parser = XmlSubtree.parser(new StringReader(xml));
            if (parser.nextTag() != XmlPullParser.START_TAG) {
                throw new IllegalArgumentException("a header block must be an element: " + xml);
            }
            QualifiedName name = new QualifiedName(parser.getNamespace(), parser.getName());
            String block = XmlSubtree.capture(parser, limits.maxHeaderChars(), limits.maxDepth());
            if (parser.next() != XmlPullParser.END_DOCUMENT) {
                throw new IllegalArgumentException("a header block is one element, with nothing after it: " + name);
            }
            return HeaderBlock.of(name, block);
        } catch (XmlPullParserException | IOException e) {
            throw new IllegalArgumentException("not a well-formed header block (" + XmlPull.message(e) + ")", e);
        }
    }
}
