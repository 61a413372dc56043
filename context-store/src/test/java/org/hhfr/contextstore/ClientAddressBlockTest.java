package org.hhfr.contextstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

/**
 * Which source addresses count as one client: an IPv4 address alone, every IPv6 address of one /64 together, and
 * an IPv4-mapped IPv6 address as its IPv4 address; an address known as text counts as its block's text.
 */
class ClientAddressBlockTest {
    private static ClientAddressBlock blockOf(String literal) throws UnknownHostException {
        return ClientAddressBlock.of(InetAddress.getByName(literal));
    }

    @Test
    void eachIpv4AddressIsABlockOfItsOwn() throws Exception {
        assertEquals(blockOf("192.0.2.1"), blockOf("192.0.2.1"));
        assertNotEquals(blockOf("192.0.2.1"), blockOf("192.0.2.2"));
        assertEquals(InetAddress.getByName("192.0.2.1"), blockOf("192.0.2.1").first());
    }

    @Test
    void ipv6AddressesInOneSlash64ShareABlock() throws Exception {
        ClientAddressBlock block = blockOf("2001:db8:1:2::1");
        assertEquals(block, blockOf("2001:db8:1:2:ffff:ffff:ffff:fffe"));
        assertEquals(block, blockOf("2001:db8:1:2:a3f1:9c2:77:5"));
        assertEquals(InetAddress.getByName("2001:db8:1:2::"), block.first());
    }

    @Test
    void ipv6AddressesInDifferentSlash64sDoNotShareABlock() throws Exception {
        assertNotEquals(blockOf("2001:db8:1:2::1"), blockOf("2001:db8:1:3::1"));
        assertNotEquals(blockOf("2001:db8:1:2::1"), blockOf("2001:db9:1:2::1"));
        assertNotEquals(blockOf("2001:db8:1:2::1"), blockOf("192.0.2.1"));
    }

    @Test
    void anIpv4MappedIpv6AddressCountsAsItsIpv4Address() throws Exception {
        byte[] mapped = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff, (byte) 192, 0, 2, 1};
        // As a dual-stack socket may give it: an Inet6Address (InetAddress.getByAddress would convert it).
        Inet6Address mappedAddress = Inet6Address.getByAddress(null, mapped, 0);

        ClientAddressBlock block = ClientAddressBlock.of(mappedAddress);

        assertEquals(blockOf("192.0.2.1"), block);
        assertInstanceOf(Inet4Address.class, block.first());
        assertNotEquals(blockOf("192.0.2.2"), block);
    }

    @Test
    void anAddressLiteralCountsAsItsBlocksText() {
        assertEquals("192.0.2.1", ClientAddressBlock.textOf("192.0.2.1"));
        assertEquals("192.0.2.1", ClientAddressBlock.textOf("::ffff:192.0.2.1"));
        assertEquals("2001:db8:1:2:0:0:0:0", ClientAddressBlock.textOf("2001:db8:1:2::1"));
        assertEquals("2001:db8:1:2:0:0:0:0", ClientAddressBlock.textOf("2001:db8:1:2:a3f1:9c2:77:5"));
        assertEquals("2001:db8:1:2:0:0:0:0", ClientAddressBlock.textOf("[2001:db8:1:2:0:0:0:7]"));
        assertEquals("fe80:0:0:0:0:0:0:0", ClientAddressBlock.textOf("fe80::1%eth0"));
        assertEquals("2001:db8:1:3:0:0:0:0", ClientAddressBlock.textOf("2001:db8:1:3::1"));
    }

    @Test
    void textThatIsNoAddressLiteralCountsAsItself() {
        assertEquals("client-a", ClientAddressBlock.textOf("client-a"));
        assertEquals("192.0.2.256", ClientAddressBlock.textOf("192.0.2.256"));
        assertEquals("2001:db8::1::2", ClientAddressBlock.textOf("2001:db8::1::2"));
        assertEquals("cafe.example", ClientAddressBlock.textOf("cafe.example"));
        assertEquals("", ClientAddressBlock.textOf(""));
    }
}
