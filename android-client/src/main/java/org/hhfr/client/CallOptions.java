package org.hhfr.client;

/**
 * Per-call settings, immutable: {@code session.callAsync(request, CallOptions.timeoutMillis(2_000))}. Today one
 * setting, the call's deadline (otherwise the client's {@link HhfrClient.Builder#callTimeoutMillis}).
 */
public final class CallOptions {
    private static final CallOptions DEFAULTS = new CallOptions(0);

    /** 0: the client's call timeout. */
    private final long timeoutMillis;

    private CallOptions(long timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
    }

    /** The client's defaults. */
    public static CallOptions defaults() {
        return DEFAULTS;
    }

    /**
     * A deadline {@code millis} after the call is made: by then it has its response or fails with
     * {@link CallTimeoutException}, and the stream forgets it (as {@linkplain java.util.concurrent.Future#cancel
     * cancelling} it does).
     */
    public static CallOptions timeoutMillis(long millis) {
        return DEFAULTS.withTimeoutMillis(millis);
    }

    public CallOptions withTimeoutMillis(long millis) {
        if (millis < 1) {
            throw new IllegalArgumentException("a call timeout must be positive: " + millis);
        }
        return new CallOptions(millis);
    }

    /** The deadline from the call on, in milliseconds, with {@code defaultMillis} when none was given. */
    long timeoutOr(long defaultMillis) {
        return timeoutMillis > 0 ? timeoutMillis : defaultMillis;
    }

    @Override
    public String toString() {
        return timeoutMillis > 0 ? "CallOptions{timeout " + timeoutMillis + " ms}" : "CallOptions{defaults}";
    }
}
