package org.hhfr.negotiation;

import java.util.Objects;

import org.hhfr.schemas.DataStructure;

/**
 * Instead of sending schemas, a client that took them from the server's WSDL sends their digests: the
 * {@link DataStructure#fingerprint()} of the request and of the response structure. The server accepts
 * only if it publishes structures with exactly these fingerprints.
 */
public final class SchemaDigests {
    private final String request;
    private final String response;

    public SchemaDigests(String request, String response) {
        this.request = requireDigest(request, "request");
        this.response = requireDigest(response, "response");
    }

    /** The digests of two structures. */
    public static SchemaDigests of(DataStructure request, DataStructure response) {
        return new SchemaDigests(request.fingerprint(), response.fingerprint());
    }

    private static String requireDigest(String digest, String what) {
        Objects.requireNonNull(digest, what);
        if (digest.length() != 64) {
            throw new IllegalArgumentException(what + " digest must be 64 hex digits of SHA-256, was "
                    + digest.length() + " characters");
        }
        for (int i = 0; i < digest.length(); i++) {
            char c = digest.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                throw new IllegalArgumentException(what + " digest must be lower-case hex");
            }
        }
        return digest;
    }

    public String request() {
        return request;
    }

    public String response() {
        return response;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SchemaDigests && request.equals(((SchemaDigests) o).request)
                && response.equals(((SchemaDigests) o).response);
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
