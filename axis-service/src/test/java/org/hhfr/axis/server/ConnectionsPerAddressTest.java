package org.hhfr.axis.server;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

/**
 * Connections are counted per client: every address of one IPv6 /64 shares one client's connections, while each
 * IPv4 address, each other /64 and an IPv4 address reached through a dual-stack socket's mapped form count as
 * their own client.
 */
class ConnectionsPerAddressTest {
    private static InetAddress address(String literal) throws UnknownHostException {
        return InetAddress.getByName(literal);
    }

    @Test
    void addressesOfOneIpv6Slash64ShareOneClientsConnectionsWhileOtherClientsKeepTheirOwn() throws Exception {
        ConnectionsPerAddress connections = new ConnectionsPerAddress(2);

        assertTrue(connections.tryOpen(address("2001:db8:1:2::1")));
        assertTrue(connections.tryOpen(address("2001:db8:1:2::2")));
        assertFalse(connections.tryOpen(address("2001:db8:1:2:a3f1:9c2:77:5")), "a third address of the /64");
        assertTrue(connections.tryOpen(address("2001:db8:1:3::1")), "the next /64");
        assertTrue(connections.tryOpen(address("192.0.2.1")));
        assertTrue(connections.tryOpen(address("192.0.2.2")));

        connections.closed(address("2001:db8:1:2::1"));
        assertTrue(connections.tryOpen(address("2001:db8:1:2:ffff:ffff:ffff:fffe")), "a slot given back is the /64's");
        assertFalse(connections.tryOpen(address("2001:db8:1:2::1")));
    }

    @Test
    void anIpv4MappedAddressIsTheSameClientAsItsIpv4Address() throws Exception {
        ConnectionsPerAddress connections = new ConnectionsPerAddress(1);
        byte[] mapped = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff, (byte) 192, 0, 2, 1};

        // As a dual-stack socket gives it: an Inet6Address (InetAddress.getByAddress would convert it).
        InetAddress mappedAddress = Inet6Address.getByAddress(null, mapped, 0);

        assertTrue(connections.tryOpen(address("192.0.2.1")));
        assertFalse(connections.tryOpen(mappedAddress));
        connections.closed(address("192.0.2.1"));
        assertTrue(connections.tryOpen(mappedAddress));
        assertFalse(connections.tryOpen(address("192.0.2.1")));
    }
}
