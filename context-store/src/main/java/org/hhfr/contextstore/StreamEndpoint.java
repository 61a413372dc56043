package org.hhfr.contextstore;

import java.util.Objects;

/** Where a negotiated stream is served: a host name or address literal and a port. */
public final class StreamEndpoint {
    private final String host;
    private final int port;

    public StreamEndpoint(String host, int port) {
        if (Objects.requireNonNull(host, "host").isEmpty()) {
            throw new IllegalArgumentException("host is empty");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
        this.host = host;
        this.port = port;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StreamEndpoint && host.equals(((StreamEndpoint) o).host) && port == ((StreamEndpoint) o).port;
    }

    @Override
    public int hashCode() {
        return 31 * host.hashCode() + port;
    }

    @Override
    public String toString() {
        return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
    }
}
