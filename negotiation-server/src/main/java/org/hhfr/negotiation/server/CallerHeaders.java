package org.hhfr.negotiation.server;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.hhfr.negotiation.soap.TraceHeaders;

/**
 * Which HTTP request headers of a negotiating SOAP call describe its caller, so that the server keeps them with
 * the session for every streamed call: every header but those of the one request ({@code Content-*},
 * {@code SOAPAction}, {@code Accept}, conditionals, {@code Idempotency-Key}), of its connection and its route
 * ({@code Host}, hop-by-hop headers, {@code Via}, {@code X-Forwarded-Proto}/{@code -Host}/{@code -Port}, a CDN's
 * or a mesh's per-request hints), of its client software ({@code User-Agent}) or of its trace
 * ({@link TraceHeaders}). {@code Authorization}, cookies, API keys, tenant headers, a gateway's identity headers
 * ({@code X-Forwarded-User}, {@code X-Forwarded-Client-Cert}) and the client's address ({@code X-Forwarded-For})
 * are kept.
 */
public final class CallerHeaders {
    private static final Set<String> PER_REQUEST = new HashSet<>(Arrays.asList((
            "host connection keep-alive proxy-connection te trailer transfer-encoding upgrade expect soapaction "
            + "accept accept-encoding accept-charset mime-version date cache-control pragma if-match if-none-match "
            + "if-modified-since if-unmodified-since range idempotency-key user-agent via origin referer "
            + "x-forwarded-proto x-forwarded-host x-forwarded-port x-forwarded-prefix x-forwarded-server "
            + "cf-ray cf-visitor cf-ipcountry cdn-loop x-amz-cf-id x-azure-ref x-request-start").split(" ")));
    /** Prefixes of the names of per-request headers. */
    private static final String[] PER_REQUEST_PREFIXES = {"content-", "x-envoy-"};

    private CallerHeaders() {
    }

    /** Whether the request header {@code name} (any case) describes the caller, not the one request. */
    public static boolean describesCaller(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (PER_REQUEST.contains(lower) || TraceHeaders.isTrace(lower)) {
            return false;
        }
        for (String prefix : PER_REQUEST_PREFIXES) {
            if (lower.startsWith(prefix)) {
                return false;
            }
        }
        return true;
    }
}
