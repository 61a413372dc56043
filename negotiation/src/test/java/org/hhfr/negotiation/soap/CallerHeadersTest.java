package org.hhfr.negotiation.soap;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Which request headers are the caller's: credentials, a gateway's identity headers and the client's address are;
 * headers of the one request, its route, a CDN's or a mesh's per-request hints and trace headers are not; of those of
 * the one request, an idempotency key and the preconditions change what the call does.
 */
class CallerHeadersTest {
    @Test
    void credentialsGatewayIdentityAndTheClientsAddressDescribeTheCaller() {
        for (String name : new String[] {"Authorization", "Cookie", "X-Api-Key", "X-Tenant", "Proxy-Authorization",
                "X-Forwarded-User", "X-Forwarded-Email", "X-Forwarded-Groups", "X-Forwarded-Access-Token",
                "X-Forwarded-Client-Cert", "X-Forwarded-For", "X-Real-IP", "Forwarded", "Accept-Language"}) {
            assertTrue(CallerHeaders.describesCaller(name), name);
            assertFalse(TraceHeaders.isTrace(name), name);
        }
    }

    @Test
    void headersOfTheOneRequestItsRouteAndItsTraceDoNot() {
        for (String name : new String[] {"Host", "Content-Type", "Content-Length", "SOAPAction", "User-Agent",
                "Idempotency-Key", "If-Match", "X-Forwarded-Proto", "X-Forwarded-Host", "Via", "CF-Ray", "CDN-Loop",
                "X-Amz-Cf-Id", "X-Azure-Ref", "X-Request-Start", "X-Envoy-Attempt-Count", "traceparent",
                "X-B3-TraceId", "sentry-trace", "x-datadog-trace-id", "newrelic", "Request-Id", "X-Request-Id"}) {
            assertFalse(CallerHeaders.describesCaller(name), name);
        }
    }

    @Test
    void onlyTraceHeadersAreTrace() {
        for (String name : new String[] {"traceparent", "tracestate", "baggage", "b3", "X-B3-SpanId", "sentry-trace",
                "x-datadog-parent-id", "newrelic", "Request-Id", "X-Request-Id", "X-Correlation-Id"}) {
            assertTrue(TraceHeaders.isTrace(name), name);
        }
        for (String name : new String[] {"Idempotency-Key", "If-Match", "Authorization", "User-Agent"}) {
            assertFalse(TraceHeaders.isTrace(name), name);
        }
    }

    @Test
    void anIdempotencyKeyAndThePreconditionsChangeTheCall() {
        for (String name : new String[] {"Idempotency-Key", "x-idempotency-key", "If-Match", "If-None-Match",
                "If-Modified-Since", "If-Unmodified-Since"}) {
            assertTrue(CallerHeaders.changesTheCall(name), name);
            assertFalse(CallerHeaders.describesCaller(name), name);
        }
        for (String name : new String[] {"Authorization", "User-Agent", "Content-Type", "traceparent", "Range"}) {
            assertFalse(CallerHeaders.changesTheCall(name), name);
        }
    }
}
