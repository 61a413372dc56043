package org.hhfr.negotiation.server;

import org.hhfr.contextstore.ServiceOperation;

/** Where the server finds the schemas it publishes for an operation, e.g. the service's WSDL. */
public interface SchemaSource {
    /** The operation's published schemas, or {@code null} if it publishes none. */
    PublishedSchemas published(ServiceOperation operation);

    /**
     * Why the operation cannot stream although the service describes it: the type and construct of its
     * messages HHFR cannot represent, and where ({@code "the response element {urn:b}bookResponse: 12:9:
     * type {urn:b}Booking: element 'when' has the built-in type xs:date, which is not supported"}), or
     * {@code null} if it can, or if there is nothing to say. Offers for such an operation are declined with
     * this reason, whatever schemas they carry.
     */
    default String refusal(ServiceOperation operation) {
        return null;
    }
}
