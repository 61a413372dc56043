package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.file.Path;
import java.util.Collections;
import javax.net.ssl.SSLContext;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client that reached its service over https never takes a cleartext stream: an answer granting one (from a
 * server that does not mark it encrypted) becomes a decline that says why, and leaves no ticket behind; the same
 * answer marked encrypted is taken. The HTTPS server is the JDK's, with a certificate made by keytool.
 */
@Timeout(60)
class HttpsDowngradeTest {
    private static final TicketKey KEY = TicketKey.of("https", "sum", "");

    @TempDir
    static Path directory;
    private static SSLContext serverTls;
    private static SSLContext clientTrust;

    @BeforeAll
    static void certificate() throws Exception {
        KeytoolCertificate certificate = KeytoolCertificate.in(directory);
        serverTls = certificate.serverTls();
        clientTrust = certificate.clientTrust();
    }

    @Test
    void aCleartextStreamGrantedOverHttpsIsDeclinedAndNotRemembered() throws Exception {
        HttpsServer server = serving(answer(false));
        Negotiator negotiator = negotiatorOf(server);
        NegotiationOutcome outcome;
        try {
            outcome = negotiator.negotiate(KEY, Hhfr.offer().build(), Collections.<HeaderBlock>emptyList());
        } finally {
            server.stop(0);
        }

        assertFalse(outcome.streaming());
        assertTrue(outcome.reason().contains("cleartext stream") && outcome.reason().contains("https"),
                outcome.reason());
        assertFalse(negotiator.resumable(KEY).isPresent());
    }

    @Test
    void anEncryptedStreamGrantedOverHttpsIsTaken() throws Exception {
        HttpsServer server = serving(answer(true));
        NegotiationOutcome outcome;
        try {
            outcome = negotiatorOf(server).negotiate(KEY, Hhfr.offer().build(), Collections.<HeaderBlock>emptyList());
        } finally {
            server.stop(0);
        }

        assertTrue(outcome.streaming());
        assertTrue(outcome.answer().encrypted());
        assertEquals(NegotiationOutcome.Kind.ACCEPTED, outcome.kind());
    }

    private static Answer answer(boolean encrypted) {
        TokenGenerator tokens = TokenGenerator.secure();
        return Answer.accepted().scheme(HhfrUris.SCHEME_V1).representation(HhfrUris.REPRESENTATION_BINARY)
                .transport(HhfrUris.TRANSPORT_TCP).policy(ReliabilityPolicy.defaults())
                .endpoint(Hhfr.TCP_ENDPOINT).session(tokens.newSessionId(), tokens.newToken())
                .encrypted(encrypted).build();
    }

    private static HttpsServer serving(Answer answer) throws Exception {
        byte[] envelope = SoapEnvelopeWriter.toBytes(SoapVersion.SOAP_11, Collections.<HeaderBlock>emptyList(),
                serializer -> NegotiationWriter.writeNegotiateResponse(serializer, answer));
        HttpsServer server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 4);
        server.setHttpsConfigurator(new HttpsConfigurator(serverTls));
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().set("Content-Type", "text/xml; charset=utf-8");
            exchange.sendResponseHeaders(200, envelope.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(envelope);
            }
        });
        server.start();
        return server;
    }

    private static Negotiator negotiatorOf(HttpsServer server) throws Exception {
        URL url = new URL("https", "127.0.0.1", server.getAddress().getPort(), "/");
        return new Negotiator(new SoapHttpClient(url, 2000, 5000, SoapLimits.defaults(),
                Collections.<String, String>emptyMap(), clientTrust.getSocketFactory()), SoapVersion.SOAP_11,
                new NegotiationReader(NegotiationLimits.defaults()), new ResumptionTicketCache());
    }
}
