package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;

import com.sun.net.httpserver.HttpServer;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.client.OptimisticResult;
import org.hhfr.negotiation.soap.BodyReader;
import org.hhfr.negotiation.soap.BodyWriter;
import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.QualifiedName;
import org.junit.jupiter.api.Test;

/** A server that sends back one fixed envelope, whatever it is asked: answers the client must not trust. */
class RogueServerTest {
    private static final TicketKey KEY = TicketKey.of("rogue", "sum", "");

    private static HttpServer serving(byte[] envelope) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4);
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

    private static Negotiator negotiator(HttpServer server) throws IOException {
        return new Negotiator(new SoapHttpClient(new URL("http", "127.0.0.1", server.getAddress().getPort(), "/"),
                2000, 5000, SoapLimits.defaults()), SoapVersion.SOAP_11,
                new NegotiationReader(NegotiationLimits.defaults()), new ResumptionTicketCache());
    }

    @Test
    void anAnswerChoosingWhatWasNotOfferedIsRefused() throws Exception {
        TokenGenerator tokens = TokenGenerator.secure();
        Answer rogue = Answer.accepted().scheme(HhfrUris.SCHEME_V1).representation(HhfrUris.REPRESENTATION_BINARY)
                .transport("urn:example:transport:rogue")
                .policy(ReliabilityPolicy.defaults().toBuilder().validForMillis(1000).maxRequestBytes(1000).build())
                .endpoint(Hhfr.TCP_ENDPOINT).session(tokens.newSessionId(), tokens.newToken()).build();
        HttpServer server = serving(SoapEnvelopeWriter.toBytes(SoapVersion.SOAP_11,
                Collections.<HeaderBlock>emptyList(),
                serializer -> NegotiationWriter.writeNegotiateResponse(serializer, rogue)));
        try {
            MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class, () -> negotiator(server)
                    .negotiate(KEY, Hhfr.offer().build(), Collections.<HeaderBlock>emptyList()));
            assertTrue(e.getMessage().contains("which the client did not both offer"), e.getMessage());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void anUnusableAnswerHeaderNeverCostsTheClientItsFirstResult() throws Exception {
        HeaderBlock garbage = HeaderBlock.of(new QualifiedName(HhfrUris.NAMESPACE, "Answer"),
                "<hhfr:Answer xmlns:hhfr=\"urn:hhfr:negotiation:1\" accepted=\"perhaps\"/>");
        HttpServer server = serving(SoapEnvelopeWriter.toBytes(SoapVersion.SOAP_11,
                Collections.singletonList(garbage), BodyWriter.elements(FloatSum.responseBody("<values>2</values>"))));
        try {
            OptimisticResult<List<String>> result = negotiator(server).callWithOffer(KEY, FloatSum.ACTION,
                    Hhfr.offer().build(), Collections.<HeaderBlock>emptyList(),
                    BodyWriter.elements(FloatSum.requestBody(2f)), BodyReader.elements(4096, 8));
            assertEquals(NegotiationOutcome.Kind.NOT_SUPPORTED, result.outcome().kind());
            assertTrue(result.outcome().reason().contains("accepted must be true or false"),
                    result.outcome().reason());
            assertTrue(result.response().body().get(0).contains("<return>2.0</return>"));
        } finally {
            server.stop(0);
        }
    }

    @Test
    void contentAfterTheEnvelopeIsRefused() throws Exception {
        byte[] envelope = SoapEnvelopeWriter.toBytes(SoapVersion.SOAP_11, Collections.<HeaderBlock>emptyList(),
                BodyWriter.elements(FloatSum.responseBody("")));
        byte[] trailing = (new String(envelope, StandardCharsets.UTF_8) + "<more/>").getBytes(StandardCharsets.UTF_8);
        HttpServer server = serving(trailing);
        try {
            SoapHttpClient http = new SoapHttpClient(new URL("http", "127.0.0.1", server.getAddress().getPort(), "/"),
                    2000, 5000, SoapLimits.defaults());
            MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class, () -> http.call(
                    SoapVersion.SOAP_11, FloatSum.ACTION, Collections.<HeaderBlock>emptyList(),
                    BodyWriter.elements(FloatSum.requestBody(1f)), BodyReader.elements(4096, 8)));
            assertTrue(e.getMessage().contains("content after the SOAP envelope") || e.getMessage().contains("well-formed"),
                    e.getMessage());
        } finally {
            server.stop(0);
        }
    }
}
