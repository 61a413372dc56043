package org.hhfr.schemas;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * SHA-256, the digest of schema fingerprints, session tokens and the ids and keys derived from them, and of a
 * client's static headers. Every Java and Android platform must provide it, so a platform without it is broken
 * rather than a case to handle.
 */
public final class Sha256 {
    private Sha256() {
    }

    /** A new SHA-256 digest, not shared: {@link MessageDigest} is not thread-safe. */
    public static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required on every Java and Android platform", e);
        }
    }
}
