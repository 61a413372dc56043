package org.hhfr.negotiation;

import java.util.Arrays;

import org.hhfr.contextstore.StreamEndpoint;

/** The stream endpoints and offers of the float-sum tests (a test server's wiring is in negotiation-server). */
final class Hhfr {
    static final StreamEndpoint TCP_ENDPOINT = StreamEndpoint.of("127.0.0.1", 7070);
    static final StreamEndpoint UDP_ENDPOINT = StreamEndpoint.of("127.0.0.1", 7071);

    private Hhfr() {
    }

    static Offer.Builder offer() {
        return Offer.builder().action(FloatSum.ACTION);
    }

    static Offer tcpOnly() {
        return offer().transports(Arrays.asList(HhfrUris.TRANSPORT_TCP)).build();
    }
}
