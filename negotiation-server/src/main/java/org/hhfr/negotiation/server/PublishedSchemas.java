package org.hhfr.negotiation.server;

import com.google.auto.value.AutoValue;
import org.hhfr.negotiation.OperationSchemas;
import org.hhfr.schemas.DataStructure;

/**
 * The schemas a service publishes for one operation (from its WSDL): the text it can hand to a client and
 * the structures it streams with.
 */
@AutoValue
public abstract class PublishedSchemas {
    public static PublishedSchemas of(OperationSchemas text, DataStructure request, DataStructure response) {
        return new AutoValue_PublishedSchemas(text, request, response);
    }

    /** The XSD text and root elements, sent to clients that offered no schemas. */
    public abstract OperationSchemas text();

    public abstract DataStructure request();

    public abstract DataStructure response();
}
