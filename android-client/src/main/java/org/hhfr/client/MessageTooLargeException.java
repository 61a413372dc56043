package org.hhfr.client;

/** A request or response is larger than a configured message size limit; nothing was sent or accepted. */
public final class MessageTooLargeException extends HhfrException {
    private static final long serialVersionUID = 1L;

    private final long size;
    private final long limit;

    public MessageTooLargeException(String what, long size, long limit) {
        super(what + (size < 0 ? "" : " of " + size + " bytes") + " is larger than the limit of " + limit
                + " bytes (configured with HhfrClient.Builder.maxMessageBytes or by the service)");
        this.size = size;
        this.limit = limit;
    }

    /** The size found, in bytes; -1 when only known to exceed the limit. */
    public long size() {
        return size;
    }

    public long limit() {
        return limit;
    }
}
