package org.hhfr.schemas;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;

/**
 * Where a document's reference to another ({@code schemaLocation}, {@code wsdl:import location}) leads: the
 * reference resolved against the document's own URL as RFC 3986 resolves it, normalised (no fragment, no dot
 * segments), so that one document has one name however it is spelled.
 */
public final class DocumentLocation {
    private DocumentLocation() {
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
