package org.hhfr.client;

import java.net.MalformedURLException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.hhfr.schemas.DocumentLocation;

/**
 * The other documents a WSDL or schema document names for its definitions: the {@code location} of each
 * {@code wsdl:import} and the {@code schemaLocation} of each {@code xs:import} and {@code xs:include}, resolved
 * against the document's own URL. A service split over several documents (a WCF service's {@code ?wsdl=wsdl0} and {@code ?xsd=xsd0}, a
 * JAX-WS service's {@code ?xsd=1}) is read whole by fetching them. Only http and https documents are named, and
 * none weaker than the one that names it: an https document's imports are https.
 */
final class WsdlImports {

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
        for (String location : DocumentLocation.referencesIn(document)) {
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
}
