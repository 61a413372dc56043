package org.hhfr.contextstore;

import java.util.Arrays;

/**
 * The reply a server sent (or is about to send) for one call of a session: the operation number it carries (the
 * service's, or the one reserved for faults) and its body in the session's representation. Immutable.
 */
public final class CachedReply {
    private final int operation;
    private final byte[] body;

    /** @param body copied */
    public CachedReply(int operation, byte[] body) {
        if (operation < 0) {
            throw new IllegalArgumentException("operation must not be negative: " + operation);
        }
        this.operation = operation;
        this.body = body.clone();
    }

    public int operation() {
        return operation;
    }

    /** A copy of the body. */
    public byte[] body() {
        return body.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CachedReply && ((CachedReply) o).operation == operation
                && Arrays.equals(((CachedReply) o).body, body);
    }

    @Override
    public int hashCode() {
        return 31 * operation + Arrays.hashCode(body);
    }

    @Override
    public String toString() {
        return "CachedReply[op " + operation + ", " + body.length + " bytes]";
    }
}
