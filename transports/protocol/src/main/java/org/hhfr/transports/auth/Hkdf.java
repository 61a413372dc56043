package org.hhfr.transports.auth;

import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** HKDF with HMAC-SHA256 (RFC 5869): extract a pseudorandom key from input keying material, expand it per label. */
public final class Hkdf {
    /** Bytes of HMAC-SHA256's output, and of a pseudorandom key. */
    public static final int HASH_LENGTH = 32;
    /** The most bytes one expansion can produce (RFC 5869: 255 blocks). */
    public static final int MAX_OUTPUT_LENGTH = 255 * HASH_LENGTH;

    static final String HMAC = "HmacSHA256";

    private Hkdf() {
    }

    /** HKDF-Extract: a {@value #HASH_LENGTH}-byte pseudorandom key; an empty salt stands for zeros. */
    public static byte[] extract(byte[] salt, byte[] inputKeyMaterial) {
        return mac(salt.length == 0 ? new byte[HASH_LENGTH] : salt).doFinal(inputKeyMaterial);
    }

    /**
     * HKDF-Expand: {@code length} bytes of keying material for {@code info} from a pseudorandom key.
     *
     * @throws IllegalArgumentException when {@code length} is not 1..{@value #MAX_OUTPUT_LENGTH} or the key is
     *                                  shorter than {@value #HASH_LENGTH} bytes
     */
    public static byte[] expand(byte[] pseudorandomKey, byte[] info, int length) {
        if (length < 1 || length > MAX_OUTPUT_LENGTH) {
            throw new IllegalArgumentException("HKDF output must be 1.." + MAX_OUTPUT_LENGTH + " bytes: " + length);
        }
        if (pseudorandomKey.length < HASH_LENGTH) {
            throw new IllegalArgumentException("an HKDF pseudorandom key has at least " + HASH_LENGTH + " bytes");
        }
        Mac mac = mac(pseudorandomKey);
        byte[] out = new byte[length];
        byte[] block = new byte[0];
        int written = 0;
        for (int counter = 1; written < length; counter++) {
            mac.update(block);
            mac.update(info);
            mac.update((byte) counter);
            block = mac.doFinal();
            int n = Math.min(block.length, length - written);
            System.arraycopy(block, 0, out, written, n);
            written += n;
        }
        return out;
    }

    /** An HMAC-SHA256 keyed with {@code key}. */
    public static Mac mac(byte[] key) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(HMAC + " is required on every Java and Android platform", e);
        }
    }
}
