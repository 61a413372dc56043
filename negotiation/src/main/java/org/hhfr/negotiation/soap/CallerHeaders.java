package org.hhfr.negotiation.soap;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Which HTTP request headers of a call describe its caller, so that the server keeps those of the negotiating
 * SOAP call with the session for every streamed call, and the client streams only the calls whose such headers
 * are the session's: every header but those of the one request ({@code Content-*}, {@code SOAPAction},
 * {@code Accept}, preconditions, {@code Idempotency-Key}), of its connection and its route ({@code Host},
 * hop-by-hop headers, {@code Via}, {@code X-Forwarded-Proto}/{@code -Host}/{@code -Port}, a CDN's or a mesh's
 * per-request hints), of its client software ({@code User-Agent}) or of its trace ({@link TraceHeaders}).
 * {@code Authorization}, cookies, API keys, tenant headers, a gateway's identity headers
 * ({@code X-Forwarded-User}, {@code X-Forwarded-Client-Cert}) and the client's address ({@code X-Forwarded-For})
 * are kept. Of the headers of the one request, those that change what it does at the service (an idempotency
 * key, a precondition) must reach the service with it: no stream carries them.
 */
public final class CallerHeaders {
    private static final Set<String> CHANGING_THE_CALL = new HashSet<>(Arrays.asList((
            "idempotency-key x-idempotency-key if-match if-none-match if-modified-since if-unmodified-since")
            .split(" ")));
    private static final Set<String> PER_REQUEST = new HashSet<>(Arrays.asList((
            "host connection keep-alive proxy-connection te trailer transfer-encoding upgrade expect soapaction "
            + "accept accept-encoding accept-charset mime-version date cache-control pragma range user-agent via "
            + "origin referer x-forwarded-proto x-forwarded-host x-forwarded-port x-forwarded-prefix "
            + "x-forwarded-server cf-ray cf-visitor cf-ipcountry cdn-loop x-amz-cf-id x-azure-ref x-request-start")
            .split(" ")));
    /** Prefixes of the names of per-request headers. */
    private static final String[] PER_REQUEST_PREFIXES = {"content-", "x-envoy-"};

    private CallerHeaders() {
    }

    /** Whether the request header {@code name} (any case) describes the caller, not the one request. */
    public static boolean describesCaller(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (PER_REQUEST.contains(lower) || CHANGING_THE_CALL.contains(lower) || TraceHeaders.isTrace(lower)) {
            return false;
        }
        for (String prefix : PER_REQUEST_PREFIXES) {
            if (lower.startsWith(prefix)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the request header {@code name} (any case) changes what its one request does at the service (an
     * idempotency key, a precondition): a call that carries it goes where HTTP headers go, over SOAP.
     */
    public static boolean changesTheCall(String name) {
        return CHANGING_THE_CALL.contains(name.toLowerCase(Locale.ROOT));
    }
}
