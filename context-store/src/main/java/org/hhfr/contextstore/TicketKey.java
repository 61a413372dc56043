package org.hhfr.contextstore;

import java.util.Objects;

/**
 * What a resumption ticket is good for: one operation at one SOAP endpoint, with the request and response
 * structures it was negotiated for. A changed schema has another fingerprint, so it never resumes a stream
 * built for the old one.
 */
public final class TicketKey {
    private final String serviceEndpoint;
    private final String operation;
    private final String schemaFingerprint;

    /**
     * @param serviceEndpoint the SOAP endpoint address the client negotiated with
     * @param schemaFingerprint e.g. the request and response {@code DataStructure} fingerprints joined; {@code ""}
     *                          if the client does not distinguish schemas
     */
    public TicketKey(String serviceEndpoint, String operation, String schemaFingerprint) {
        this.serviceEndpoint = Objects.requireNonNull(serviceEndpoint, "serviceEndpoint");
        this.operation = Objects.requireNonNull(operation, "operation");
        this.schemaFingerprint = Objects.requireNonNull(schemaFingerprint, "schemaFingerprint");
    }

    public String serviceEndpoint() {
        return serviceEndpoint;
    }

    public String operation() {
        return operation;
    }

    public String schemaFingerprint() {
        return schemaFingerprint;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TicketKey)) {
            return false;
        }
        TicketKey other = (TicketKey) o;
        return serviceEndpoint.equals(other.serviceEndpoint) && operation.equals(other.operation)
                && schemaFingerprint.equals(other.schemaFingerprint);
    }

    @Override
    public int hashCode() {
        return Objects.hash(serviceEndpoint, operation, schemaFingerprint);
    }

    @Override
    public String toString() {
        return serviceEndpoint + "#" + operation + (schemaFingerprint.isEmpty() ? "" : "@" + schemaFingerprint);
    }
}
