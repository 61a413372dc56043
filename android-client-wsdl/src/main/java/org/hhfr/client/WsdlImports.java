package org.hhfr.client;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;

import org.hhfr.schemas.XmlPull;
import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;

/**
 * The other documents a WSDL or schema document names for its definitions: the {@code location} of each
 * {@code wsdl:import} and the {@code schemaLocation} of each {@code xs:import} and {@code xs:include}, resolved
 * against the document's own URL. A service split over several documents (a WCF service's {@code ?wsdl=wsdl0} and {@code ?xsd=xsd0}, a
 * JAX-WS service's {@code ?xsd=1}) is read whole by fetching them. Only http and https documents are named, and
 * none weaker than the one that names it: an https document's imports are https.
 */
final class WsdlImports {
    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    private static final String XSD = "http://www.w3.org/2001/XMLSchema";

    private WsdlImports() {
    }

    /**
     * The documents {@code document}, fetched from {@code url}, imports, in document order.
     *
     * @throws HhfrException a location is no URL, or not one that may be fetched for this document
     */
    static List<String> of(byte[] document, String url) throws HhfrException {
        List<String> imported = new ArrayList<>();
        for (String location : locations(document)) {
            imported.add(resolve(url, location));
        }
        return imported;
    }

    /** The import locations as written; those before a syntax error only (the schema parser reports it). */
    private static List<String> locations(byte[] document) {
        List<String> locations = new ArrayList<>();
        try {
            XmlPullParser parser = XmlPull.newParser();
            parser.setFeature(XmlPullParser.FEATURE_PROCESS_NAMESPACES, true);
            XmlPull.setInput(parser, new ByteArrayInputStream(document));
            for (int event = parser.next(); event != XmlPullParser.END_DOCUMENT; event = parser.next()) {
                if (event != XmlPullParser.START_TAG) {
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
        } catch (XmlPullParserException | IOException e) {
            // the schema parser says what is wrong with the document, with its position
        }
        return locations;
    }

    /** {@code location} against {@code base} as RFC 3986 resolves it (a query alone keeps the base's path). */
    private static String resolve(String base, String location) throws HhfrException {
        URL resolved;
        try {
            // java.net resolves a reference that is a query alone as RFC 2396 did, dropping the last segment.
            int end = base.indexOf('?') >= 0 ? base.indexOf('?') : base.indexOf('#') >= 0 ? base.indexOf('#')
                    : base.length();
            resolved = location.startsWith("?") ? new URL(base.substring(0, end) + location)
                    : new URL(new URL(base), location);
        } catch (MalformedURLException e) {
            throw new HhfrException("the WSDL at " + base + " imports " + location + ", which is no URL");
        }
        String protocol = resolved.getProtocol();
        if (!"http".equals(protocol) && !"https".equals(protocol)) {
            throw new HhfrException("the WSDL at " + base + " imports " + resolved + ": only http and https "
                    + "documents are fetched");
        }
        if (base.startsWith("https:") && !"https".equals(protocol)) {
            throw new HhfrException("the WSDL at " + base + " imports " + resolved + " over plain http: the "
                    + "documents of an https service are fetched over https only");
        }
        return resolved.toString();
    }
}
