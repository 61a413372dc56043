package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/**
 * The source addresses that count as one client wherever HHFR limits what one client address may hold (sessions
 * in a store, a server's connections, a stream server's early places): an IPv4 address on its own; for IPv6 the
 * whole /64 the address lies in, since one IPv6 host commonly owns a /64 and may send from any address in it, so
 * that a limit per IPv6 address would be none. An IPv4-mapped IPv6 address ({@code ::ffff:192.0.2.1}, as a
 * dual-stack socket may give an IPv4 client's address) counts as its IPv4 address.
 */
@AutoValue
public abstract class ClientAddressBlock {
    /** The leading bits of an IPv6 address that name its block: those of the /64 a host commonly owns. */
    private static final int IPV6_PREFIX_BITS = 64;
    private static final int IPV6_PREFIX_BYTES = IPV6_PREFIX_BITS / Byte.SIZE;
    /** The first 12 bytes of an IPv4-mapped IPv6 address, {@code ::ffff:0:0/96}; its IPv4 address follows. */
    private static final byte[] IPV4_MAPPED_PREFIX = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff};

    ClientAddressBlock() {
    }

    /** The block {@code address} counts in. */
    public static ClientAddressBlock of(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (address instanceof Inet4Address) {
            return withFirst(bytes);
        }
        if (isIpv4Mapped(bytes)) {
            return withFirst(Arrays.copyOfRange(bytes, IPV4_MAPPED_PREFIX.length, bytes.length));
        }
        Arrays.fill(bytes, IPV6_PREFIX_BYTES, bytes.length, (byte) 0);
        return withFirst(bytes);
    }

    /**
     * What a client address known only as text (as a {@link ContextStore} is given it) counts as: the
     * {@link #text()} of its block when {@code clientAddress} is an IP address literal (IPv4, or IPv6 with or
     * without brackets and zone), else {@code clientAddress} itself. Never looks a name up.
     */
    public static String textOf(String clientAddress) {
        InetAddress address = IpAddressLiteral.parse(clientAddress);
        return address == null ? clientAddress : of(address).text();
    }

    /** The block's first address: the IPv4 address itself, or the IPv6 address with its last 64 bits zero. */
    public abstract InetAddress first();

    /** The block as text: its first address as {@link InetAddress#getHostAddress()} writes it. */
    public String text() {
        return first().getHostAddress();
    }

    private static boolean isIpv4Mapped(byte[] ipv6) {
        for (int i = 0; i < IPV4_MAPPED_PREFIX.length; i++) {
            if (ipv6[i] != IPV4_MAPPED_PREFIX[i]) {
                return false;
            }
        }
        return true;
    }

    /** The block whose first address is {@code bytes} (4 or 16 of them). */
    private static ClientAddressBlock withFirst(byte[] bytes) {
        try {
            return new AutoValue_ClientAddressBlock(InetAddress.getByAddress(bytes));
        } catch (UnknownHostException notFourOrSixteenBytes) {
            throw new IllegalArgumentException("an IP address has 4 or 16 bytes, not " + bytes.length);
        }
    }
}
