package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;

/**
 * What a resumption ticket is good for: one operation at one SOAP endpoint, with the request and response
 * structures it was negotiated for. A changed schema has another fingerprint, so it never resumes a stream
 * built for the old one.
 */
@AutoValue
public abstract class TicketKey {
    /**
     * @param serviceEndpoint the SOAP endpoint address the client negotiated with
     * @param schemaFingerprint e.g. the request and response {@code DataStructure} fingerprints joined; {@code ""}
     *                          if the client does not distinguish schemas
     */
    public static TicketKey of(String serviceEndpoint, String operation, String schemaFingerprint) {
        return new AutoValue_TicketKey(serviceEndpoint, operation, schemaFingerprint);
    }

    public abstract String serviceEndpoint();

    public abstract String operation();

    public abstract String schemaFingerprint();
}
