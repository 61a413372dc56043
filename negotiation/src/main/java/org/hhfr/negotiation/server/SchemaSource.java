package org.hhfr.negotiation.server;

import org.hhfr.contextstore.ServiceOperation;

/** Where the server finds the schemas it publishes for an operation, e.g. the service's WSDL. */
public interface SchemaSource {
    /** The operation's published schemas, or {@code null} if it publishes none. */
    PublishedSchemas published(ServiceOperation operation);
}
