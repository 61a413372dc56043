package org.hhfr.negotiation.description;

import com.google.auto.value.AutoValue;

import org.jspecify.annotations.Nullable;

/**
 * A stream endpoint a service advertises with its description, so that a client's very first session can open
 * the stream's connection and propose its session while it negotiates (its first flight then carries the
 * stream). In the service's WSDL it is the optional WS-Policy assertion
 * {@code <hhfr:StreamEndpoint transport="urn:hhfr:transport:tcp" port="9000"/>} (namespace
 * {@value org.hhfr.negotiation.HhfrUris#NAMESPACE}, in a policy the SOAP bindings reference, {@code host} only
 * when the server is configured to advertise one); a compiled description carries it too.
 *
 * <p>Like an endpoint a client remembers from an earlier grant, it proves nothing: a client uses the stream only
 * when the negotiation's answer grants that transport at that endpoint. A client takes it only for the host of
 * the SOAP endpoint it talks to ({@link #isFor}), so that a description compiled against one server never sends a
 * session's first calls to another.
 */
@AutoValue
public abstract class AdvertisedEndpoint {
    /** The local name of the WS-Policy assertion in the WSDL. */
    public static final String ELEMENT = "StreamEndpoint";
    /** Longest transport URI or host read. */
    static final int MAX_TEXT = 255;

    /**
     * @param host {@code null}: the host of the SOAP endpoint the client reached
     * @throws IllegalArgumentException when the transport URI or a host is empty or longer than 255 characters,
     *                                  a host holds a space or a slash, or the port is not 1 to 65,535
     */
    public static AdvertisedEndpoint of(String transportUri, int port, @Nullable String host) {
        if (transportUri.isEmpty() || transportUri.length() > MAX_TEXT) {
            throw new IllegalArgumentException("a transport URI of 1 to " + MAX_TEXT + " characters expected");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
        if (host != null && (host.isEmpty() || host.length() > MAX_TEXT || host.indexOf(' ') >= 0
                || host.indexOf('/') >= 0)) {
            throw new IllegalArgumentException("not a host name or address: '" + host + "'");
        }
        return new AutoValue_AdvertisedEndpoint(transportUri, port, host);
    }

    /** URI-T of the stream, e.g. {@code urn:hhfr:transport:tcp}. */
    public abstract String transportUri();

    public abstract int port();

    /** The host streams are served at; {@code null}: the host of the SOAP endpoint. */
    public abstract @Nullable String host();

    /**
     * Whether a client of the SOAP endpoint at {@code soapHost} may take this advertisement: it names no host
     * (a server advertising none answers with the address the client reached), or that same host.
     */
    public boolean isFor(String soapHost) {
        return host() == null || host().equalsIgnoreCase(soapHost);
    }
}
