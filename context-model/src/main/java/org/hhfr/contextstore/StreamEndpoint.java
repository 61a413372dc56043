package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;

/** Where a negotiated stream is served: a host name or address literal and a port. */
@AutoValue
public abstract class StreamEndpoint {
    /** @throws IllegalArgumentException if the host is empty or the port is not 1 to 65,535 */
    public static StreamEndpoint of(String host, int port) {
        StreamEndpoint endpoint = new AutoValue_StreamEndpoint(host, port);
        if (host.isEmpty()) {
            throw new IllegalArgumentException("host is empty");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
        return endpoint;
    }

    public abstract String host();

    public abstract int port();

    @Override
    public final String toString() {
        return host().indexOf(':') >= 0 ? "[" + host() + "]:" + port() : host() + ":" + port();
    }
}
