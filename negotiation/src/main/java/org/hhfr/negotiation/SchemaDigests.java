package org.hhfr.negotiation;

import com.google.auto.value.AutoValue;
import java.util.Objects;
import org.hhfr.schemas.Base64Codec;
import org.hhfr.schemas.DataStructure;

/**
 * Instead of sending schemas, a client that took them from the server's WSDL sends their digests: the
 * {@link DataStructure#fingerprint()} of the request and of the response structure. The server accepts
 * only if it publishes structures with exactly these fingerprints. In memory they are lower-case hex, as
 * {@link DataStructure#fingerprint()} gives them; on the wire they are the same 32 bytes in URL-safe Base64
 * without padding (43 characters instead of 64).
 */
@AutoValue
public abstract class SchemaDigests {
    private static final int SHA256_BYTES = 32;

    /**
     * The digests in their in-memory form, 64 lower-case hex digits each.
     *
     * @throws IllegalArgumentException if either is not
     */
    public static SchemaDigests fromHex(String request, String response) {
        return new AutoValue_SchemaDigests(requireDigest(request, "request"), requireDigest(response, "response"));
    }

    /** The digests of two structures. */
    public static SchemaDigests of(DataStructure request, DataStructure response) {
        return fromHex(request.fingerprint(), response.fingerprint());
    }

    /**
     * The digests from their wire form.
     *
     * @throws IllegalArgumentException if either is not the canonical URL-safe Base64 of 32 bytes
     */
    public static SchemaDigests fromBase64Url(String request, String response) {
        return fromHex(hexOf(request, "request"), hexOf(response, "response"));
    }

    /** The request digest in its wire form, URL-safe Base64 without padding. */
    public String requestBase64Url() {
        return base64UrlOf(request());
    }

    /** The response digest in its wire form. */
    public String responseBase64Url() {
        return base64UrlOf(response());
    }

    private static String hexOf(String base64Url, String what) {
        Objects.requireNonNull(base64Url, what);
        byte[] bytes = Base64Codec.URL.decode(base64Url, SHA256_BYTES);
        if (bytes == null) {
            throw new IllegalArgumentException(what + " digest must be the 32 bytes of SHA-256 in URL-safe Base64 ("
                    + Base64Codec.URL.encodedLength(SHA256_BYTES) + " characters, no padding), was '"
                    + base64Url + "'");
        }
        StringBuilder hex = new StringBuilder(2 * SHA256_BYTES);
        for (byte b : bytes) {
            hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return hex.toString();
    }

    private static String base64UrlOf(String hex) {
        byte[] bytes = new byte[SHA256_BYTES];
        for (int i = 0; i < SHA256_BYTES; i++) {
            bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return Base64Codec.URL.encode(bytes);
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

    /** The request structure's fingerprint, lower-case hex. */
    public abstract String request();

    /** The response structure's fingerprint, lower-case hex. */
    public abstract String response();

    @Override
    public final String toString() {
        return "request " + request() + ", response " + response();
    }
}
