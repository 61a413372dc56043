package org.hhfr.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.LoginConfig;
import org.apache.tomcat.util.descriptor.web.SecurityCollection;
import org.apache.tomcat.util.descriptor.web.SecurityConstraint;
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
 * the user the container authenticated when the session was negotiated.
 */
@Timeout(120)
class WarBasicAuthenticationTest {
    private static final long DEPLOYMENT_TIMEOUT_MILLIS = 30_000;

    @TempDir
    static Path work;

    private static DeployedWebapp webapp;
    private static Operation whoami;

    @BeforeAll
    static void deployBehindBasicAuthentication() throws Exception {
        webapp = DeployedWebapp.start(DeployedWebapp.builtByMaven(), work, DeployedWebapp.streamsAt("127.0.0.1", 0, 0),
                WarBasicAuthenticationTest::requireBasicAuthentication);
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
}
