package org.hhfr.client;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.hhfr.streamer.Message;

/**
 * One call as {@link Interceptor}s see it: its operation, request, road and timing, and its HTTP headers. The
 * negotiation a session makes on its own (when it opens, or before its first call when the client can propose
 * the session) is seen too, as a call of its operation over SOAP without a request.
 */
public final class CallDetails {
    private final Operation operation;
    private final Message request;
    private final Mode mode;
    private final long startNanos = System.nanoTime();
    /** Written by interceptors on the sending thread before the call leaves, read then. Guarded by this. */
    private final Map<String, String> headers = new LinkedHashMap<>();

    CallDetails(Operation operation, Message request, Mode mode) {
        this.operation = operation;
        this.request = request;
        this.mode = mode;
    }

    public Operation operation() {
        return operation;
    }

    /** The request; {@code null} for the negotiation a session makes on its own. */
    public Message request() {
        return request;
    }

    /** The road the call takes. */
    public Mode mode() {
        return mode;
    }

    /**
     * Adds an HTTP request header. Over SOAP it travels with the call. On a stream it does not (a stream has no
     * HTTP), but it still says who calls: a call whose headers are those of the session's caller (the request
     * that negotiated the session) streams, and the service sees the caller's headers with it; a call given
     * other ones goes over SOAP with them. So give a call the same headers on every road. A header that changes
     * what the call does ({@code Idempotency-Key}, {@code If-Match}) takes its call over SOAP, where it reaches
     * the service. Headers that describe no caller (trace headers such as {@code traceparent} or
     * {@code X-Request-Id}, {@code User-Agent}) travel over SOAP only.
     *
     * @throws NullPointerException     without a name or a value
     * @throws IllegalArgumentException for an empty name, or a name or value HTTP cannot carry (a line break, a
     *                                  colon in the name); thrown from {@link Interceptor#onCall}, it fails the call
     */
    public synchronized CallDetails header(String name, String value) {
        ClientSettings.checkHttpHeader(name, value);
        headers.put(name, value);
        return this;
    }

    /**
     * Shows the call to {@code interceptors}, in order, and returns it with the headers they gave.
     *
     * @throws RuntimeException what an interceptor threw
     */
    CallDetails seenBy(List<Interceptor> interceptors) {
        for (Interceptor interceptor : interceptors) {
            interceptor.onCall(this);
        }
        return this;
    }

    synchronized Map<String, String> headers() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** Milliseconds since the call left on its road. */
    public long elapsedMillis() {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    @Override
    public String toString() {
        return operation.element().localName() + " over " + mode;
    }
}
