package org.hhfr.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.hhfr.contextstore.HeaderBlock;

/**
 * Per-call settings, immutable, built from {@link #defaults()}:
 * {@code session.callAsync(request, CallOptions.defaults().withTimeoutMillis(2_000))}. The call's deadline
 * (otherwise the client's {@link HhfrClient.Builder#callTimeoutMillis}) and SOAP header blocks of this call alone
 * ({@link #withHeader}), besides the client's static ones.
 */
public final class CallOptions {
    private static final CallOptions DEFAULTS = new CallOptions(0, Collections.<HeaderBlock>emptyList());

    /** 0: the client's call timeout. */
    private final long timeoutMillis;
    /** Unmodifiable. */
    private final List<HeaderBlock> headers;

    private CallOptions(long timeoutMillis, List<HeaderBlock> headers) {
        this.timeoutMillis = timeoutMillis;
        this.headers = headers;
    }

    /** The client's defaults. */
    public static CallOptions defaults() {
        return DEFAULTS;
    }

    /**
     * These options with a deadline {@code millis} after the call is made: by then it has its response or fails
     * with {@link CallTimeoutException}, and the stream forgets it (as {@linkplain java.util.concurrent.Future#cancel
     * cancelling} it does).
     */
    public CallOptions withTimeoutMillis(long millis) {
        if (millis < 1) {
            throw new IllegalArgumentException("a call timeout must be positive: " + millis);
        }
        return new CallOptions(millis, headers);
    }

    /**
     * Adds a SOAP header block to this call only, given as one XML element (a trace id, a message id): over SOAP
     * it is in the call's envelope after the static headers; on a stream it travels with the call's message and
     * the service sees it after them. It cannot replace a static header: a stream keeps the identity it was
     * negotiated with, and the service refuses such a call.
     *
     * @throws IllegalArgumentException if {@code xml} is not one well-formed element
     */
    public CallOptions withHeader(String xml) {
        List<HeaderBlock> more = new ArrayList<>(headers);
        more.add(HeaderXml.parse(Objects.requireNonNull(xml, "xml")));
        return new CallOptions(timeoutMillis, Collections.unmodifiableList(more));
    }

    /** The deadline from the call on, in milliseconds, with {@code defaultMillis} when none was given. */
    long timeoutOr(long defaultMillis) {
        return timeoutMillis > 0 ? timeoutMillis : defaultMillis;
    }

    /** This call's own header blocks, in the order given. */
    List<HeaderBlock> headers() {
        return headers;
    }

    @Override
    public String toString() {
        return (timeoutMillis > 0 ? "CallOptions{timeout " + timeoutMillis + " ms" : "CallOptions{default timeout")
                + (headers.isEmpty() ? "" : ", " + headers.size() + " headers") + "}";
    }
}
