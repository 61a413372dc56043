package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;

import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.stream.PojoDispatch;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.NegotiationLimits;
import org.hhfr.negotiation.NegotiationReader;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.XmlRepresentation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A value of a built-in type that travels as another reaches a POJO method as over SOAP. */
class CarriedPojoValuesTest {
    private static final XmlRepresentation XML = new XmlRepresentation();
    private static HhfrServer server;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(TestServers.loopback().build());
        TestServers.deploy(server, Calendars.class);
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
    }

    @Test
    void anXmlGregorianCalendarParameterOfAnXsDateIsTakenByTheFastPathAsOverSoap() throws Exception {
        assertSameByBothRoads("day");
    }

    @Test
    void anXmlGregorianCalendarReturnedForAnXsDateIsWrittenByTheFastPathAsOverSoap() throws Exception {
        assertSameByBothRoads("same");
    }

    private static void assertSameByBothRoads(String operation) throws Exception {
        String url = server.serviceUrl("127.0.0.1", "Calendars");
        Negotiator negotiator = new Negotiator(new SoapHttpClient(new URL(url), 2_000, 10_000, SoapLimits.defaults()),
                SoapVersion.SOAP_11, new NegotiationReader(NegotiationLimits.defaults()), new ResumptionTicketCache());
        NegotiationOutcome outcome = negotiator.negotiate(TicketKey.of(url, operation, "-"),
                Offer.builder().action("urn:" + operation).transports(List.of(HhfrUris.TRANSPORT_TCP)).build(),
                List.of());
        Answer answer = outcome.answer();
        StreamContext session = server.negotiation().admit(answer.sessionId().text(), answer.token().text());
        for (String when : new String[] {"2026-11-28", "2026-11-28+02:00"}) {
            Message request = Message.of(session.request()).set("when", when).build();
            String body = XML.encodeToString(request).replaceFirst("^<\\?xml[^>]*\\?>", "");
            RawHttp.Response response = RawHttp.postSoap11(server.port(), "/axis2/services/Calendars",
                    session.operation().soapAction(), Envelopes.envelope(Envelopes.SOAP11, body));
            assertEquals(200, response.status, response::toString);
            Message soap = new SoapEnvelopeReader(SoapLimits.defaults()).read(new ByteArrayInputStream(
                    response.body.getBytes(StandardCharsets.UTF_8)), MessageBody.reader(XML, session.response())).body();
            Message fast = new PojoDispatch(server.axisContext()).bind(session).call(session, request,
                    Collections.emptyList());
            assertEquals(soap, fast, when);
        }
    }
}
