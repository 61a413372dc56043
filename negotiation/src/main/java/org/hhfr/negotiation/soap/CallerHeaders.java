package org.hhfr.negotiation.soap;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Which HTTP request headers of a negotiating SOAP call describe its caller, so that the server keeps them with
 * the session for every streamed call and the client treats new values as a new caller: every header but those
 * of the one request ({@code Content-*}, {@code SOAPAction}, {@code Accept}, conditionals), its connection and
 * path ({@code Host}, {@code Connection}, hop-by-hop headers, {@code Via}, {@code X-Forwarded-*}), its client
 * software ({@code User-Agent}) or its trace ({@code traceparent}, {@code X-Request-Id}, B3).
 *
 * <p>{@code Authorization}, cookies, API keys and tenant headers are kept, and a session with none of them takes
 * the fastest road to a plain service. A per-call trace id neither reaches streamed calls nor costs the client
 * its stream.
 */
public final class CallerHeaders {
    private static final Set<String> PER_REQUEST = new HashSet<>(Arrays.asList((
            "host connection keep-alive proxy-connection proxy-authorization te trailer transfer-encoding upgrade "
            + "expect soapaction accept accept-encoding accept-charset mime-version date cache-control pragma "
            + "if-match if-none-match if-modified-since if-unmodified-since range idempotency-key "
            + "user-agent via forwarded x-real-ip origin referer "
            + "traceparent tracestate baggage b3 uber-trace-id x-request-id x-correlation-id x-amzn-trace-id "
            + "x-cloud-trace-context").split(" ")));

    private CallerHeaders() {
    }

    /** Whether the request header {@code name} (any case) describes the caller, not the one request. */
    public static boolean describesCaller(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return !PER_REQUEST.contains(lower) && !lower.startsWith("content-") && !lower.startsWith("x-b3-")
                && !lower.startsWith("x-forwarded-");
    }
}
