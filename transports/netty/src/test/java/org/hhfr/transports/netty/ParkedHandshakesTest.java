package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.concurrent.ImmediateEventExecutor;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.TokenGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The places of early handshakes and early UDP streams are counted per client: all the source addresses of one
 * IPv6 /64 share one client's places, as one host may send from any of them; an IPv4 address holds its own, and
 * a client's IPv4 address and its IPv4-mapped IPv6 form hold the same. Parked from real socket addresses as the
 * server gets them (the loopback cannot send from several addresses of one /64).
 */
class ParkedHandshakesTest {
    private static final int PER_ADDRESS = 2;
    /** Two places per client, many on the server, no store lookups (no thread). */
    private static final EarlyHandshakeLimits LIMITS = new EarlyHandshakeLimits(PER_ADDRESS, 64, 1 << 10, 2_000, 0);

    private final InMemoryContextStore store = TestSessions.store();
    private final TokenGenerator client = TokenGenerator.secure();
    private final ParkedHandshakes places = new ParkedHandshakes(LIMITS, store, new TransportMetrics());

    @AfterEach
    void close() throws Exception {
        places.close();
        store.close();
    }

    private static InetAddress source(String literal, int port) throws UnknownHostException {
        return new InetSocketAddress(InetAddress.getByName(literal), port).getAddress();
    }

    private boolean park(InetAddress from) {
        return places.park(from, new ParkedHandshake(client.newSessionId(), ImmediateEventExecutor.INSTANCE,
                stored -> { }));
    }

    @Test
    void sourceAddressesInOneIpv6Slash64ShareTheirPlaces() throws Exception {
        assertTrue(park(source("2001:db8:1:2::1", 40_001)));
        assertTrue(park(source("2001:db8:1:2:8a3e:11ff:fe00:42", 40_002)));

        assertFalse(park(source("2001:db8:1:2:ffff:ffff:ffff:fffe", 40_003)), "a third address of the same /64");
        assertTrue(park(source("2001:db8:1:3::1", 40_004)), "an address of the next /64 has places of its own");
    }

    @Test
    void aPlaceGivenBackByOneAddressOfASlash64IsFreeForAnother() throws Exception {
        InetAddress first = source("2001:db8:1:2::1", 40_001);
        assertTrue(park(first));
        assertTrue(park(source("2001:db8:1:2::2", 40_002)));
        assertFalse(park(source("2001:db8:1:2::3", 40_003)));

        places.release(first);

        assertTrue(park(source("2001:db8:1:2::3", 40_003)));
    }

    @Test
    void eachIpv4AddressHoldsPlacesOfItsOwn() throws Exception {
        assertTrue(park(source("192.0.2.1", 40_001)));
        assertTrue(park(source("192.0.2.1", 40_002)));
        assertFalse(park(source("192.0.2.1", 40_003)));

        assertTrue(park(source("192.0.2.2", 40_004)));
    }

    @Test
    void anIpv4ClientHoldsTheSamePlacesUnderItsIpv4MappedAddress() throws Exception {
        byte[] mapped = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff, (byte) 192, 0, 2, 1};
        assertTrue(park(Inet6Address.getByAddress(null, mapped, 0)));
        assertTrue(park(source("192.0.2.1", 40_002)));

        assertFalse(park(Inet6Address.getByAddress(null, mapped, 0)));
    }
}
