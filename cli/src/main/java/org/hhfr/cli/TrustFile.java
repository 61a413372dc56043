package org.hhfr.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * What {@code --trust FILE} names: PEM certificates (the server's own, or the authority that signed it) or a
 * trust store (PKCS12 or JKS); the client then trusts those certificates instead of the platform's authorities,
 * for HTTPS calls and encrypted streams alike.
 */
final class TrustFile {
    private TrustFile() {
    }

    /**
     * @param password the trust store's password, or {@code null} (not needed for PEM)
     * @throws IllegalArgumentException naming the file when it is missing or holds no usable certificate
     */
    static SSLContext context(Path file, char[] password) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("--trust " + file + ": no such file");
        }
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(load(file, password));
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("--trust " + file + " is not a PEM certificate nor a readable trust"
                    + " store: " + e.getMessage(), e);
        }
    }

    private static KeyStore load(Path file, char[] password) throws IOException, GeneralSecurityException {
        byte[] bytes = Files.readAllBytes(file);
        KeyStore store;
        if (new String(bytes, 0, Math.min(bytes.length, 64), StandardCharsets.US_ASCII).contains("-----BEGIN")) {
            store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int n = 0;
            try (InputStream in = Files.newInputStream(file)) {
                for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                    store.setCertificateEntry("trusted-" + n++, certificate);
                }
            }
            if (n == 0) {
                throw new GeneralSecurityException("no certificate in it");
            }
            return store;
        }
        try (InputStream in = Files.newInputStream(file)) {
            store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(in, password);
        }
        return store;
    }
}
