package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A certificate for 127.0.0.1 made by the JDK's keytool, for HTTPS test servers (the JDK's {@code HttpsServer}):
 * the server's TLS context, and a client's that trusts only it.
 */
public final class KeytoolCertificate {
    private static final String PASSWORD = "test-only";

    private final SSLContext serverTls;
    private final SSLContext clientTrust;

    private KeytoolCertificate(SSLContext serverTls, SSLContext clientTrust) {
        this.serverTls = serverTls;
        this.clientTrust = clientTrust;
    }

    /** Makes the certificate in {@code directory} (its key store, PEM and keytool's log). */
    public static KeytoolCertificate in(Path directory) throws Exception {
        Path keyStore = directory.resolve("server.p12");
        Path pem = directory.resolve("server.pem");
        keytool(directory, "-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=localhost", "-ext", "SAN=ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12",
                "-keystore", keyStore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD);
        keytool(directory, "-exportcert", "-rfc", "-alias", "server", "-keystore", keyStore.toString(), "-storepass",
                PASSWORD, "-file", pem.toString());
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore)) {
            keys.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keys, PASSWORD.toCharArray());
        SSLContext serverTls = SSLContext.getInstance("TLS");
        serverTls.init(keyManagers.getKeyManagers(), null, null);
        KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
        trusted.load(null, null);
        try (InputStream in = Files.newInputStream(pem)) {
            trusted.setCertificateEntry("server", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext clientTrust = SSLContext.getInstance("TLS");
        clientTrust.init(null, trust.getTrustManagers(), null);
        return new KeytoolCertificate(serverTls, clientTrust);
    }

    /** The server's side: its key and certificate. */
    public SSLContext serverTls() {
        return serverTls;
    }

    /** A client's side that trusts this certificate alone. */
    public SSLContext clientTrust() {
        return clientTrust;
    }

    private static void keytool(Path directory, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(new File(directory.toFile(), "keytool.log")).start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "keytool finished");
        assertEquals(0, process.exitValue(), "keytool: " + Files.readString(directory.resolve("keytool.log")));
    }
}
