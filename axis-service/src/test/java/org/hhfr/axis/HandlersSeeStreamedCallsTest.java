package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.io.IOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.axiom.soap.SOAPHeader;
import org.apache.axiom.soap.SOAPHeaderBlock;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.engine.AxisConfiguration;
import org.hhfr.axis.headers.CallGuard;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.stream.EnvelopeDispatch;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.NegotiationLimits;
import org.hhfr.negotiation.NegotiationReader;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.client.OptimisticResult;
import org.hhfr.negotiation.soap.BodyReader;
import org.hhfr.negotiation.soap.BodyWriter;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.streamer.Message;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * When another module's handler is engaged on a service, a streamed call takes the Infoset road, and the
 * handler sees the same header blocks, in the same order, as for the plain SOAP call: the session's static
 * headers, then the message's own.
 */
class HandlersSeeStreamedCallsTest {
    private static final String WSA = "http://www.w3.org/2005/08/addressing";
    private static final List<List<String>> SEEN = new CopyOnWriteArrayList<>();

    private static HhfrServer server;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(TestServers.loopback().build());
        AxisConfiguration configuration = server.axisContext().getAxisConfiguration();
        CallGuard.engage(configuration, "StringConcat", "header-recorder",
                HandlersSeeStreamedCallsTest::recordHeaderNames);
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
    }

    @Test
    void aHandlerSeesTheSameHeadersFromTheStreamAsFromSoap() throws Exception {
        String url = server.serviceUrl("127.0.0.1", "StringConcat");
        HeaderBlock to = HeaderBlock.of(new QualifiedName(WSA, "To"), "<wsa:To xmlns:wsa=\"" + WSA + "\">" + url
                + "</wsa:To>");
        HeaderBlock trace = HeaderBlock.of(new QualifiedName("urn:test", "Trace"),
                "<t:Trace xmlns:t=\"urn:test\">42</t:Trace>");
        Negotiator negotiator = new Negotiator(new SoapHttpClient(new URL(url), 2_000, 10_000, SoapLimits.defaults()),
                SoapVersion.SOAP_11, new NegotiationReader(NegotiationLimits.defaults()), new ResumptionTicketCache());
        SEEN.clear();
        OptimisticResult<List<String>> first = negotiator.callWithOffer(TicketKey.of(url, "concat", "-"),
                "urn:concat", Offer.builder().transports(List.of(HhfrUris.TRANSPORT_TCP))
                        .staticHeaders(List.of(to.name())).build(),
                List.of(to, trace), BodyWriter.elements(List.of(Envelopes.concat("a", "b"))),
                BodyReader.elements(1 << 16, 16));
        assertEquals("ab", Envelopes.singleReturn(first.response().body().get(0)));
        List<String> overSoap = SEEN.get(0);

        Answer answer = first.outcome().answer();
        StreamContext session = server.negotiation().admit(answer.sessionId().text(), answer.token().text());
        assertInstanceOf(EnvelopeDispatch.class, server.streamDispatcher().dispatcherFor(session));
        SEEN.clear();
        Message response = server.streamDispatcher().bind(session).call(session,
                Message.of(session.request()).set("parts", new String[] {"c", "d"}).build(), List.of(trace));
        assertEquals("cd", response.record().string("return"));
        List<String> expected = new ArrayList<>(overSoap);
        expected.remove("{" + HhfrUris.NAMESPACE + "}Offer");
        assertEquals(List.of("{" + WSA + "}To", "{urn:test}Trace"), expected);
        assertEquals(expected, SEEN.get(0));
    }

    /** Records the names of the header blocks of each call the service's handler sees. */
    private static void recordHeaderNames(MessageContext call) {
        List<String> names = new ArrayList<>();
        SOAPHeader header = call.getEnvelope().getHeader();
        if (header != null) {
            for (Iterator<SOAPHeaderBlock> it = header.examineAllHeaderBlocks(); it.hasNext();) {
                names.add(it.next().getQName().toString());
            }
        }
        SEEN.add(names);
    }
}
