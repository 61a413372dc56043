package org.hhfr.benchmarks.session;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

import org.hhfr.axis.server.DevelopmentCertificate;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.HttpsKeyStore;
import org.hhfr.benchmarks.session.network.ShapedTcpRelay;
import org.hhfr.benchmarks.session.network.ShapedUdpRelay;

/**
 * The encrypted modes' server beside the {@link Testbed}'s: the same embedded server and services over HTTPS
 * with a development certificate (made once by {@code keytool} in {@code $TMPDIR/hhfr-bench-tls}), so its
 * streams run over TLS on TCP and AES-GCM datagrams on UDP, behind stream relays of their own shaped like the
 * testbed's. Clients trust the certificate through {@link #trust()}.
 */
final class HttpsTestbed implements AutoCloseable {
    private static final Path CERTIFICATE_DIRECTORY = Path.of(System.getProperty("java.io.tmpdir"), "hhfr-bench-tls");

    final HhfrServer server;
    final ShapedTcpRelay tcpStreams;
    final ShapedUdpRelay udpStreams;
    private final SSLSocketFactory trust;

    private HttpsTestbed(HhfrServer server, ShapedTcpRelay tcpStreams, ShapedUdpRelay udpStreams,
                         SSLSocketFactory trust) {
        this.server = server;
        this.tcpStreams = tcpStreams;
        this.udpStreams = udpStreams;
        this.trust = trust;
    }

    /**
     * @param tcpStreams the stream relay on 127.0.0.1 (shaped as the testbed's) in front of the same port on
     *                   {@code streamHost}
     * @param udpStreams likewise for UDP
     */
    static HttpsTestbed start(String streamHost, String clientHost, ShapedTcpRelay tcpStreams,
                              ShapedUdpRelay udpStreams) throws IOException {
        HttpsKeyStore keyStore = DevelopmentCertificate.in(CERTIFICATE_DIRECTORY);
        HhfrServer server = HhfrServer.start(BenchServerSettings.builder().https(keyStore)
                .streams(streamHost, clientHost, tcpStreams.port(), udpStreams.port()).build());
        try {
            return new HttpsTestbed(server, tcpStreams, udpStreams,
                    trusting(DevelopmentCertificate.pemOf(keyStore.file())));
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** What the encrypted modes' clients trust: the development certificate only. */
    SSLSocketFactory trust() {
        return trust;
    }

    private static SSLSocketFactory trusting(Path pem) throws IOException {
        try (InputStream in = Files.newInputStream(pem)) {
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            trusted.setCertificateEntry("hhfr", CertificateFactory.getInstance("X.509").generateCertificate(in));
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, factory.getTrustManagers(), null);
            return context.getSocketFactory();
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot trust " + pem + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        server.close();
        tcpStreams.close();
        udpStreams.close();
    }
}
