package org.hhfr.client;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.hhfr.streamer.Message;

/** One call as {@link Interceptor}s see it: its operation, request, road and timing, and its HTTP headers. */
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

    public Message request() {
        return request;
    }

    /** The road the call takes. */
    public Mode mode() {
        return mode;
    }

    /** Whether {@link #header} reaches the service: over SOAP (HTTP) only. */
    public boolean takesHeaders() {
        return mode == Mode.SOAP;
    }

    /**
     * Adds an HTTP request header to a SOAP call; ignored on a stream (see {@link #takesHeaders()}).
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
