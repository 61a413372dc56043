package org.hhfr.schemas;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;

import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;

/**
 * Where a document's reference to another ({@code schemaLocation}, {@code wsdl:import location}) leads: the
 * reference resolved against the document's own URL as RFC 3986 resolves it, normalised (no fragment, no dot
 * segments), so that one document has one name however it is spelled.
 */
public final class DocumentLocation {
    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    private static final String XSD = "http://www.w3.org/2001/XMLSchema";

    private DocumentLocation() {
    }

    /**
     * The references {@code document} makes to other documents for its definitions, as written, in document order:
     * the {@code location} of each {@code wsdl:import} and the {@code schemaLocation} of each {@code xs:import}
     * and {@code xs:include}. Only those before a DTD or a syntax error (the schema parser reports it).
     */
    public static List<String> referencesIn(byte[] document) {
        List<String> locations = new ArrayList<>();
        try {
            XmlPullParser parser = XmlPull.newParser();
            parser.setFeature(XmlPullParser.FEATURE_PROCESS_NAMESPACES, true);
            XmlPull.setInput(parser, new ByteArrayInputStream(document));
            for (int token = parser.nextToken(); token != XmlPullParser.END_DOCUMENT
                    && token != XmlPullParser.DOCDECL; token = parser.nextToken()) {
                if (token != XmlPullParser.START_TAG) {
                    continue;
                }
                String location = WSDL.equals(parser.getNamespace()) && "import".equals(parser.getName())
                        ? parser.getAttributeValue(null, "location")
                        : XSD.equals(parser.getNamespace())
                                && ("import".equals(parser.getName()) || "include".equals(parser.getName()))
                        ? parser.getAttributeValue(null, "schemaLocation") : null;
                if (location != null && !location.trim().isEmpty()) {
                    locations.add(location.trim());
                }
            }
        } catch (XmlPullParserException | IOException | RuntimeException e) {
            // the schema parser says what is wrong with the document, with its position (kxml2 reports some
            // malformations, an undeclared prefix, unchecked)
        }
        return locations;
    }

    /** {@code location} against {@code base}; {@code null} when either is no URL. */
    public static String resolve(String base, String location) {
        try {
            // java.net resolves a reference that is a query alone as RFC 2396 did, dropping the last segment.
            int end = base.indexOf('?') >= 0 ? base.indexOf('?') : base.indexOf('#') >= 0 ? base.indexOf('#')
                    : base.length();
            URL url = location.startsWith("?") ? new URL(base.substring(0, end) + location)
                    : new URL(new URL(base), location);
            String text = url.toString();
            return new URI(text.indexOf('#') < 0 ? text : text.substring(0, text.indexOf('#'))).normalize()
                    .toString();
        } catch (MalformedURLException | URISyntaxException e) {
            return null;
        }
    }
}
