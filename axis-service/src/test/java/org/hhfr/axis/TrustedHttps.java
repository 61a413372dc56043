package org.hhfr.axis;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.hhfr.axis.server.DevelopmentCertificate;
import org.hhfr.axis.server.HttpsKeyStore;

/** A client's side of an https test server with a development certificate: trust it, fetch a page. */
public final class TrustedHttps {
    private TrustedHttps() {
    }

    /** Trusts the development certificate of {@code store} by its PEM export, as {@code ./hhfr call --trust} does. */
    public static SSLContext trusting(HttpsKeyStore store) throws IOException, GeneralSecurityException {
        KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
        trusted.load(null, null);
        try (InputStream pem = Files.newInputStream(DevelopmentCertificate.pemOf(store.file()))) {
            trusted.setCertificateEntry("hhfr", CertificateFactory.getInstance("X.509").generateCertificate(pem));
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }

    /** The body of a GET of {@code url}, trusting {@code store}'s certificate. */
    public static String get(String url, HttpsKeyStore store) throws IOException, GeneralSecurityException {
        HttpsURLConnection connection = (HttpsURLConnection) new URL(url).openConnection();
        connection.setSSLSocketFactory(trusting(store).getSocketFactory());
        try (InputStream body = connection.getInputStream()) {
            return new String(body.readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            connection.disconnect();
        }
    }
}
