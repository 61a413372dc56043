package org.hhfr.axis.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.Certificate;
import java.util.Enumeration;
import java.util.Locale;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * The PKCS12 key store whose key and certificate the server presents on HTTPS and on encrypted TCP streams.
 *
 * @param file     the PKCS12 file
 * @param password its password (also the key's)
 */
public record HttpsKeyStore(Path file, String password) {
    /** The protocols offered: TLS 1.3, and TLS 1.2 for clients without it (Android before API 29). */
    static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

    /** Names the file, never the password. */
    @Override
    public String toString() {
        return "HttpsKeyStore[" + file + "]";
    }

    /** @throws IOException naming the file when it cannot be read or is not a PKCS12 key store with a key */
    KeyStore load() throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password.toCharArray());
            return store;
        } catch (GeneralSecurityException | IOException e) {
            throw new IOException("key store " + file + " cannot be used (a PKCS12 file and its password are"
                    + " needed): " + e.getMessage(), e);
        }
    }

    /** A TLS context that presents this key store's key. */
    SSLContext sslContext() throws IOException {
        try {
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(load(), password.toCharArray());
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), null, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IOException("key store " + file + " holds no usable key: " + e.getMessage(), e);
        }
    }

    /** The SHA-256 fingerprint of the first key entry's certificate, as colon-separated hex pairs. */
    public String fingerprint() throws IOException {
        try {
            KeyStore store = load();
            for (Enumeration<String> aliases = store.aliases(); aliases.hasMoreElements(); ) {
                String alias = aliases.nextElement();
                if (store.isKeyEntry(alias)) {
                    Certificate certificate = store.getCertificate(alias);
                    byte[] digest = MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded());
                    StringBuilder text = new StringBuilder();
                    for (byte b : digest) {
                        text.append(text.length() == 0 ? "" : ":").append(String.format(Locale.ROOT, "%02X", b));
                    }
                    return text.toString();
                }
            }
            throw new IOException("key store " + file + " holds no key");
        } catch (GeneralSecurityException e) {
            throw new IOException("key store " + file + ": " + e.getMessage(), e);
        }
    }
}
