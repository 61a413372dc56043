package org.hhfr.client;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.hhfr.schemas.DocumentLocation;
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
     * The documents {@code document}, fetched from {@code url}, imports and may be fetched, in document order,
     * normalised (no fragment, no dot segments) so that one document is fetched once. A location that is no URL,
     * not http(s), or plain http for an https document is left out, as a hint that cannot be followed, and put
     * in {@code leftOut} with a sentence saying why.
     */
    static List<String> of(byte[] document, String url, Map<String, String> leftOut) {
        List<String> imported = new ArrayList<>();
        for (String location : locations(document)) {
            String resolved = DocumentLocation.resolve(url, location);
            if (resolved == null) {
                leftOut.put(location, location + " is not a URL");
            } else if (!resolved.startsWith("http:") && !resolved.startsWith("https:")) {
                leftOut.put(resolved, resolved + " is neither http nor https");
            } else if (resolved.startsWith("http:") && url.startsWith("https:")) {
                leftOut.put(resolved, resolved + " is plain http, imported by an https document");
            } else {
                imported.add(resolved);
            }
        }
        return imported;
    }

    /**
     * Whether {@code a} and {@code b} have one origin: the same scheme, host and port when both are URLs, or
     * neither is a URL (names of documents read from elsewhere).
     */
    static boolean sameOrigin(String a, String b) {
        return origin(a).equals(origin(b));
    }

    private static String origin(String document) {
        try {
            URL url = new URL(document);
            return url.getProtocol() + "://" + url.getHost().toLowerCase(Locale.ROOT) + ":"
                    + (url.getPort() < 0 ? url.getDefaultPort() : url.getPort());
        } catch (MalformedURLException e) {
            return "";
        }
    }

    /** The import locations as written; those before a DTD or a syntax error only (the schema parser reports it). */
    private static List<String> locations(byte[] document) {
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
}
