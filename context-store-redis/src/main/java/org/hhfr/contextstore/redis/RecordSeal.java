package org.hhfr.contextstore.redis;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The key that seals session records in Redis: AES-256-GCM, a random 96-bit nonce per record, the session id as
 * associated data. A sealed record shows nothing of its session (the caller's HTTP headers, the static header
 * blocks, the token digest the stream keys derive from) to whoever reads Redis, its dumps or its replicas, and a
 * record moved to another session's key does not open. Every node sharing the Redis is given the same key.
 */
public final class RecordSeal {
    /** Bytes of a key. */
    public static final int KEY_BYTES = 32;
    static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    static final int OVERHEAD = NONCE_BYTES + TAG_BITS / 8;

    private final SecretKeySpec key;
    private final SecureRandom random = new SecureRandom();

    private RecordSeal(byte[] key) {
        this.key = new SecretKeySpec(key, "AES");
    }

    /**
     * The key written in base64 (as {@code openssl rand -base64 32} prints one).
     *
     * @throws IllegalArgumentException if the text is not base64 of {@value #KEY_BYTES} bytes
     */
    public static RecordSeal ofBase64(String text) {
        byte[] key;
        try {
            key = Base64.getDecoder().decode(text.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the record key is not base64");
        }
        if (key.length != KEY_BYTES) {
            throw new IllegalArgumentException("the record key is " + KEY_BYTES + " bytes in base64 (openssl rand "
                    + "-base64 32), not " + key.length);
        }
        return new RecordSeal(key);
    }

    /** {@code plain} sealed for the session {@code associated}: nonce, then ciphertext and tag. */
    byte[] seal(byte[] plain, byte[] associated) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, nonce, associated);
            ByteBuffer sealed = ByteBuffer.allocate(NONCE_BYTES + cipher.getOutputSize(plain.length));
            sealed.put(nonce);
            cipher.doFinal(ByteBuffer.wrap(plain), sealed);
            return sealed.array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    /** What {@link #seal} sealed from {@code sealed[offset..]}, or {@code null} when it does not open here. */
    byte[] open(byte[] sealed, int offset, byte[] associated) {
        if (sealed.length - offset < OVERHEAD) {
            return null;
        }
        byte[] nonce = new byte[NONCE_BYTES];
        System.arraycopy(sealed, offset, nonce, 0, NONCE_BYTES);
        try {
            return cipher(Cipher.DECRYPT_MODE, nonce, associated)
                    .doFinal(sealed, offset + NONCE_BYTES, sealed.length - offset - NONCE_BYTES);
        } catch (javax.crypto.AEADBadTagException e) {
            return null;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    private Cipher cipher(int mode, byte[] nonce, byte[] associated) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
        cipher.updateAAD(associated);
        return cipher;
    }

    /** Never the key. */
    @Override
    public String toString() {
        return "RecordSeal[AES-256-GCM]";
    }
}
