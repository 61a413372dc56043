package org.hhfr.client;

/**
 * A connect, read or call timeout expired. The call may or may not have reached the service; calling again
 * is safe only for idempotent operations.
 */
public final class CallTimeoutException extends HhfrException {
    private static final long serialVersionUID = 1L;

    private final long timeoutMillis;

    public CallTimeoutException(String message, long timeoutMillis, Throwable cause) {
        super(message, cause);
        this.timeoutMillis = timeoutMillis;
    }

    /** The timeout that expired, in milliseconds. */
    public long timeoutMillis() {
        return timeoutMillis;
    }
}
