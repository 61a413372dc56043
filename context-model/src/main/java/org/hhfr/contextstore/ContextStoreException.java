package org.hhfr.contextstore;

/**
 * The store cannot do what was asked: it is full, it is closed, a session id or token text is malformed, or
 * (in a distributed store) its backend cannot be reached. The message says which, in words fit for a decline
 * reason; it never contains a session token.
 */
public class ContextStoreException extends Exception {
    private static final long serialVersionUID = 1L;

    public ContextStoreException(String message) {
        super(message);
    }

    public ContextStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
