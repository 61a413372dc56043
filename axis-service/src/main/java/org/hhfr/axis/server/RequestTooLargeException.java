package org.hhfr.axis.server;

import java.io.IOException;

/** A request body went over the server's size limit; the connection is closed after the fault is sent. */
final class RequestTooLargeException extends IOException {
    private static final long serialVersionUID = 1L;

    RequestTooLargeException(long limit) {
        super("the request is larger than the limit of " + limit + " bytes");
    }
}
