package org.hhfr.negotiation;

import java.util.Objects;

/** The request and response schemas of the one operation a stream carries. */
public final class OperationSchemas {
    private final MessageSchema request;
    private final MessageSchema response;

    public OperationSchemas(MessageSchema request, MessageSchema response) {
        this.request = Objects.requireNonNull(request, "request");
        this.response = Objects.requireNonNull(response, "response");
    }

    public MessageSchema request() {
        return request;
    }

    public MessageSchema response() {
        return response;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OperationSchemas && request.equals(((OperationSchemas) o).request)
                && response.equals(((OperationSchemas) o).response);
    }

    @Override
    public int hashCode() {
        return 31 * request.hashCode() + response.hashCode();
    }

    @Override
    public String toString() {
        return "request " + request + ", response " + response;
    }
}
