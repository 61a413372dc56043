package org.hhfr.transports.netty;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/**
 * The source addresses that count as one client where the stream server limits what a client address may hold
 * ({@link EarlyHandshakeLimits#maxPerAddress}): an IPv4 address on its own; for IPv6 the whole /64 the address
 * lies in, since one IPv6 host commonly owns a /64 and may send from any address in it, so that a limit per
 * IPv6 address would be none. An IPv4-mapped IPv6 address ({@code ::ffff:192.0.2.1}, as a dual-stack socket may
 * give an IPv4 client's address) counts as its IPv4 address.
 *
 * @param first the block's first address: the IPv4 address itself, or the IPv6 address with its last 64 bits zero
 */
record ClientAddressBlock(InetAddress first) {
    /** The leading bits of an IPv6 address that name its block: those of the /64 a host commonly owns. */
    private static final int IPV6_PREFIX_BITS = 64;
    private static final int IPV6_PREFIX_BYTES = IPV6_PREFIX_BITS / Byte.SIZE;
    /** The first 12 bytes of an IPv4-mapped IPv6 address, {@code ::ffff:0:0/96}; its IPv4 address follows. */
    private static final byte[] IPV4_MAPPED_PREFIX = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff};

    /** The block {@code address} counts in. */
    static ClientAddressBlock of(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (address instanceof Inet4Address) {
            return withFirst(bytes);
        }
        if (Arrays.equals(bytes, 0, IPV4_MAPPED_PREFIX.length, IPV4_MAPPED_PREFIX, 0, IPV4_MAPPED_PREFIX.length)) {
            return withFirst(Arrays.copyOfRange(bytes, IPV4_MAPPED_PREFIX.length, bytes.length));
        }
        Arrays.fill(bytes, IPV6_PREFIX_BYTES, bytes.length, (byte) 0);
        return withFirst(bytes);
    }

    /** The block whose first address is {@code bytes} (4 or 16 of them). */
    private static ClientAddressBlock withFirst(byte[] bytes) {
        try {
            return new ClientAddressBlock(InetAddress.getByAddress(bytes));
        } catch (UnknownHostException notFourOrSixteenBytes) {
            throw new IllegalArgumentException("an IP address has 4 or 16 bytes, not " + bytes.length);
        }
    }
}
