package org.hhfr.negotiation.soap;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The HTTP headers of a distributed trace ({@code traceparent}, B3, Datadog's, Sentry's, {@code X-Request-Id}):
 * they describe one request, so no streamed call carries them, the server keeps none as a session's caller, and
 * the client leaves them out when it compares the headers its interceptors give a call with its session's caller.
 */
public final class TraceHeaders {
    private static final Set<String> NAMES = new HashSet<>(Arrays.asList((
            "traceparent tracestate baggage b3 uber-trace-id x-request-id x-correlation-id x-amzn-trace-id "
            + "x-cloud-trace-context sentry-trace newrelic request-id").split(" ")));

    private TraceHeaders() {
    }

    /** Whether the header {@code name} (any case) is a trace header. */
    public static boolean isTrace(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return NAMES.contains(lower) || lower.startsWith("x-b3-") || lower.startsWith("x-datadog-");
    }
}
