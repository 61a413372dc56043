package org.hhfr.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.function.UnaryOperator;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.LoginConfig;
import org.apache.tomcat.util.descriptor.web.SecurityCollection;
import org.apache.tomcat.util.descriptor.web.SecurityConstraint;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.hhfr.axis.server.DevelopmentCertificate;
import org.hhfr.axis.server.HttpsKeyStore;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.HhfrException;
import org.hhfr.client.Mode;
import org.hhfr.client.Operation;
import org.hhfr.client.Session;
import org.hhfr.client.WsdlOperations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTTP Basic authentication by the servlet container, the real thing: the WAR in Tomcat 11 with a security
 * constraint on its SOAP calls (POST to {@code /services/*}) for role {@code caller}, checked against Tomcat's
 * realm. A client without valid credentials cannot negotiate (the negotiation is a call the container refuses),
 * so it gets no stream and its SOAP calls fail; with them it streams, and the service sees on every streamed call
 * the user the container authenticated when the session was negotiated. The container also serves HTTPS, as an
 * operator's does, with the https receiver of the shipped axis2.xml taken in: a client of the https address gets
 * an encrypted stream.
 */
@Timeout(120)
class WarBasicAuthenticationTest {
    private static final long DEPLOYMENT_TIMEOUT_MILLIS = 30_000;

    @TempDir
    static Path work;

    private static DeployedWebapp webapp;
    private static Operation whoami;
    private static HttpsKeyStore httpsKey;
    private static Connector https;

    @BeforeAll
    static void deployBehindBasicAuthentication() throws Exception {
        httpsKey = DevelopmentCertificate.in(work.resolve("certificate"));
        int httpsPort;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            httpsPort = free.getLocalPort();
        }
        UnaryOperator<String> streams = DeployedWebapp.streamsAt("127.0.0.1", 0, 0);
        UnaryOperator<String> secure = DeployedWebapp.httpsReceiver(httpsPort);
        webapp = DeployedWebapp.start(DeployedWebapp.builtByMaven(), work, xml -> secure.apply(streams.apply(xml)),
                (tomcat, application) -> {
                    requireBasicAuthentication(tomcat, application);
                    serveHttps(tomcat, httpsPort);
                });
        Path sources = Path.of(System.getProperty("hhfr.webapp.fleet.sources")).resolveSibling("aar-caller");
        new ServiceArchive(sources).deployInto(webapp.servicesDirectory(), "caller.aar",
                Files.createDirectories(work.resolve("caller")));
        webapp.awaitWsdl("Caller", DEPLOYMENT_TIMEOUT_MILLIS); // the WSDL (a GET) is left public
        try (HhfrClient reader = HhfrClient.builder(webapp.serviceUrl("Caller")).build()) {
            whoami = WsdlOperations.fetch(reader).operation("whoami");
        }
    }

    /** Tomcat's realm: alice in role caller, mallory without it; SOAP calls need role caller. */
    private static void requireBasicAuthentication(Tomcat tomcat, StandardContext application) {
        tomcat.addUser("alice", "wonderland");
        tomcat.addRole("alice", "caller");
        tomcat.addUser("mallory", "mallory");
        SecurityCollection calls = new SecurityCollection("soap-calls", "SOAP calls");
        calls.addPattern("/services/*");
        calls.addMethod("POST");
        SecurityConstraint constraint = new SecurityConstraint();
        constraint.addCollection(calls);
        constraint.addAuthRole("caller");
        application.addConstraint(constraint);
        application.addSecurityRole("caller");
        LoginConfig basic = new LoginConfig();
        basic.setAuthMethod("BASIC");
        basic.setRealmName("hhfr");
        application.setLoginConfig(basic);
    }

    /**
     * An HTTPS connector beside the HTTP one on {@code port}, with the development certificate, as an operator
     * adds one (with the https receiver of axis2.xml taken in).
     */
    private static void serveHttps(Tomcat tomcat, int port) {
        SSLHostConfig tls = new SSLHostConfig();
        SSLHostConfigCertificate certificate = new SSLHostConfigCertificate(tls, SSLHostConfigCertificate.Type.EC);
        certificate.setCertificateKeystoreFile(httpsKey.file().toString());
        certificate.setCertificateKeystorePassword(httpsKey.password());
        certificate.setCertificateKeystoreType("PKCS12");
        tls.addCertificate(certificate);
        https = new Connector();
        https.setPort(port);
        https.setProperty("address", "127.0.0.1");
        https.setScheme("https");
        https.setSecure(true);
        https.setProperty("SSLEnabled", "true");
        https.addSslHostConfig(tls);
        tomcat.getService().addConnector(https);
    }

    @AfterAll
    static void undeploy() throws Exception {
        if (webapp != null) {
            webapp.close();
        }
    }

    @Test
    void withoutValidCredentialsThereIsNoStreamAndEveryCallIsRefused() throws Exception {
        HhfrClient anonymous = HhfrClient.builder(webapp.serviceUrl("Caller")).preferredModes(Mode.HHFR_TCP).build();
        HhfrClient wrongPassword = HhfrClient.builder(webapp.serviceUrl("Caller"))
                .basicAuthentication("alice", "guess").preferredModes(Mode.HHFR_TCP).build();
        HhfrClient notAllowed = HhfrClient.builder(webapp.serviceUrl("Caller"))
                .basicAuthentication("mallory", "mallory").preferredModes(Mode.HHFR_TCP).build();
        for (HhfrClient client : new HhfrClient[] {anonymous, wrongPassword, notAllowed}) {
            try (client) {
                Session session = client.open(whoami);
                for (int call = 0; call < 2; call++) {
                    HhfrException refused = assertThrows(HhfrException.class,
                            () -> session.call(String.class, "hello"));
                    assertTrue(refused.getMessage().contains("401") || refused.getMessage().contains("403"),
                            refused.getMessage());
                }
                assertEquals(Mode.SOAP, session.mode());
            }
        }
    }

    @Test
    void theStreamCarriesTheUserTheContainerAuthenticated() throws Exception {
        try (HhfrClient alice = HhfrClient.builder(webapp.serviceUrl("Caller")).basicAuthentication("alice", "wonderland")
                .preferredModes(Mode.HHFR_TCP).build()) {
            Session session = alice.open(whoami);
            // The WSDL advertises the stream endpoint: the session negotiates apart and even its first call streams.
            assertEquals("hello alice on a stream", session.call(String.class, "hello"));
            for (int call = 0; call < 5; call++) {
                assertEquals("hi alice on a stream", session.call(String.class, "hi"));
            }
            assertEquals(Mode.HHFR_TCP, session.mode());
        }
    }

    @Test
    void overHttpsTheStreamIsEncryptedAndCarriesTheUserTheContainerAuthenticated() throws Exception {
        String url = "https://127.0.0.1:" + https.getLocalPort() + DeployedWebapp.CONTEXT_PATH + "/services/Caller";
        try (HhfrClient alice = HhfrClient.builder(url).basicAuthentication("alice", "wonderland")
                .sslSocketFactory(trustingTheDevelopmentCertificate().getSocketFactory())
                .preferredModes(Mode.HHFR_UDP).build()) {
            Session session = alice.open(whoami);
            for (int call = 0; call < 5; call++) {
                assertTrue(session.call(String.class, "hi").startsWith("hi alice "));
            }
            // A client of an https address takes only an encrypted stream (AES-GCM datagrams on UDP).
            assertEquals(Mode.HHFR_UDP, session.mode());
            assertEquals("hi alice on a stream", session.call(String.class, "hi"));
        }
    }

    private static SSLContext trustingTheDevelopmentCertificate() throws Exception {
        KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
        trusted.load(null, null);
        try (InputStream pem = Files.newInputStream(DevelopmentCertificate.pemOf(httpsKey.file()))) {
            trusted.setCertificateEntry("server", CertificateFactory.getInstance("X.509").generateCertificate(pem));
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }
}
