package org.hhfr.transports.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.hhfr.transports.Role;

/**
 * AES-128-GCM for the datagrams of one stream, one key and IV per direction. The keys come from the stream's
 * root secret (see {@link SessionKeys}) through HKDF: {@code prk = HKDF-Extract("hhfr/1 udp aead", root)}, then
 * {@code HKDF-Expand(prk, "hhfr/1 udp <client|server> key", 16)} and {@code ... iv", 12)}. The nonce of a
 * datagram is its sender's IV XOR its packet number (big-endian, right-aligned), as in TLS 1.3: packet numbers
 * never repeat within a stream and direction, so neither do nonces. Not thread-safe.
 */
public final class DatagramCipher {
    /** Bytes of the GCM tag that ends every encrypted datagram; the same as an HMAC tag's. */
    public static final int TAG_SIZE = 16;

    private static final int KEY_SIZE = 16;
    private static final int IV_SIZE = 12;
    private static final byte[] SALT = ascii("hhfr/1 udp aead");

    private final SecretKeySpec clientKey;
    private final SecretKeySpec serverKey;
    private final byte[] clientIv;
    private final byte[] serverIv;
    private final Cipher cipher;

    DatagramCipher(byte[] streamRoot) {
        byte[] prk = Hkdf.extract(SALT, streamRoot);
        clientKey = new SecretKeySpec(Hkdf.expand(prk, ascii("hhfr/1 udp client key"), KEY_SIZE), "AES");
        serverKey = new SecretKeySpec(Hkdf.expand(prk, ascii("hhfr/1 udp server key"), KEY_SIZE), "AES");
        clientIv = Hkdf.expand(prk, ascii("hhfr/1 udp client iv"), IV_SIZE);
        serverIv = Hkdf.expand(prk, ascii("hhfr/1 udp server iv"), IV_SIZE);
        try {
            cipher = Cipher.getInstance("AES/GCM/NoPadding");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is required on every Java and Android (API 24) platform", e);
        }
    }

    /**
     * Encrypts {@code length} bytes at {@code offset} in place and appends the tag, authenticating the
     * {@code headerLength} bytes before them too; {@code buf} must hold {@value #TAG_SIZE} more bytes after them.
     *
     * @param headerOffset where the datagram starts; its header runs up to {@code offset}
     */
    public void seal(Role sender, long packetNumber, byte[] buf, int headerOffset, int offset, int length) {
        try {
            init(Cipher.ENCRYPT_MODE, sender, packetNumber);
            cipher.updateAAD(buf, headerOffset, offset - headerOffset);
            byte[] sealed = cipher.doFinal(buf, offset, length);
            System.arraycopy(sealed, 0, buf, offset, sealed.length);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM encryption failed", e);
        }
    }

    /**
     * Decrypts the {@code length} bytes at {@code offset} (ciphertext and tag) sent by {@code sender}.
     *
     * @return the plaintext, or {@code null} when the tag does not verify (tampered, or another stream's keys)
     */
    public byte[] open(Role sender, long packetNumber, byte[] buf, int headerOffset, int offset, int length) {
        if (length < TAG_SIZE) {
            return null;
        }
        try {
            init(Cipher.DECRYPT_MODE, sender, packetNumber);
            cipher.updateAAD(buf, headerOffset, offset - headerOffset);
            return cipher.doFinal(buf, offset, length);
        } catch (AEADBadTagException e) {
            return null;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM decryption failed", e);
        }
    }

    private void init(int mode, Role sender, long packetNumber) throws GeneralSecurityException {
        byte[] nonce = (sender == Role.CLIENT ? clientIv : serverIv).clone();
        for (int i = 0; i < 8; i++) {
            nonce[IV_SIZE - 1 - i] ^= (byte) (packetNumber >>> (8 * i));
        }
        cipher.init(mode, sender == Role.CLIENT ? clientKey : serverKey, new GCMParameterSpec(TAG_SIZE * 8, nonce));
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
