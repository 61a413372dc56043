package org.hhfr.negotiation.server;

import java.util.Objects;

import org.hhfr.negotiation.OperationSchemas;
import org.hhfr.schemas.DataStructure;

/**
 * The schemas a service publishes for one operation (from its WSDL): the text it can hand to a client and
 * the structures it streams with.
 */
public final class PublishedSchemas {
    private final OperationSchemas text;
    private final DataStructure request;
    private final DataStructure response;

    public PublishedSchemas(OperationSchemas text, DataStructure request, DataStructure response) {
        this.text = Objects.requireNonNull(text, "text");
        this.request = Objects.requireNonNull(request, "request");
        this.response = Objects.requireNonNull(response, "response");
    }

    /** The XSD text and root elements, sent to clients that offered no schemas. */
    public OperationSchemas text() {
        return text;
    }

    public DataStructure request() {
        return request;
    }

    public DataStructure response() {
        return response;
    }
}
