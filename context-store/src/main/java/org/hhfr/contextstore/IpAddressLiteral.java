package org.hhfr.contextstore;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/** An IP address written as text, read without ever looking a name up. */
final class IpAddressLiteral {
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    /**
     * What an IPv6 literal is made of: hex digits, colons and the dots of an embedded IPv4 address, starting with a
     * hex digit or a colon. {@link InetAddress#getByName} reads such text as a literal and refuses it when
     * malformed; it looks up only text that cannot be a literal.
     */
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f]*:[0-9A-Fa-f:.]*");

    private IpAddressLiteral() {
    }

    /** The address {@code text} writes (IPv4, or IPv6 with or without brackets and zone); null if it is none. */
    static @Nullable InetAddress parse(String text) {
        Matcher ipv4 = IPV4.matcher(text);
        if (ipv4.matches()) {
            return ipv4(ipv4);
        }
        String literal = text.startsWith("[") && text.endsWith("]") ? text.substring(1, text.length() - 1) : text;
        int zone = literal.indexOf('%');
        String unzoned = zone < 0 ? literal : literal.substring(0, zone);
        if (!IPV6.matcher(unzoned).matches()) {
            return null;
        }
        try {
            return InetAddress.getByName(unzoned);
        } catch (UnknownHostException malformed) {
            return null;
        }
    }

    private static @Nullable InetAddress ipv4(Matcher parts) {
        byte[] bytes = new byte[4];
        for (int i = 0; i < bytes.length; i++) {
            int part = Integer.parseInt(parts.group(i + 1));
            if (part > 255) {
                return null;
            }
            bytes[i] = (byte) part;
        }
        try {
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException notFourBytes) {
            throw new AssertionError(notFourBytes);
        }
    }
}
