package org.hhfr.transports.netty.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.URL;
import java.util.Arrays;
import java.util.Collections;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ResumptionTicket;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.NegotiationLimits;
import org.hhfr.negotiation.NegotiationReader;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.client.OptimisticResult;
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.XmlRepresentation;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.netty.NettyStreamClient;
import org.hhfr.transports.netty.StreamSessionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The in-process server end to end: negotiate over SOAP, then stream; and its test hooks. */
@Timeout(60)
class InProcessHhfrServerTest {
    private final InProcessHhfrServer server;

    InProcessHhfrServerTest() throws Exception {
        server = InProcessHhfrServer.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void explicitNegotiationThenFloatSumsOverTcpAndUdp() throws Exception {
        for (String transport : Arrays.asList(HhfrUris.TRANSPORT_TCP, HhfrUris.TRANSPORT_UDP)) {
            ResumptionTicket ticket = negotiate(server.floatSumUrl(), InProcessHhfrServer.SUM_ACTION, transport);
            assertEquals(transport, ticket.transportUri());
            try (NettyStreamClient client = connect(ticket)) {
                byte[] response = client.call(SampleServices.sumRequest(1.5f, 2.5f, 3f)).get(5, TimeUnit.SECONDS);
                assertEquals(7f, SampleServices.sumResult(response));
            }
        }
        assertEquals(2, server.calls("sum"));
    }

    @Test
    void optimisticOfferOnAPlainCallIsAnsweredAndTheCallRunsOnce() throws Exception {
        Negotiator negotiator = negotiator(server.stringConcatUrl());
        Offer offer = Offer.builder().action(InProcessHhfrServer.CONCAT_ACTION)
                .transports(Collections.singletonList(HhfrUris.TRANSPORT_TCP)).build();
        XmlRepresentation xml = new XmlRepresentation();
        Message request = Message.of(SampleServices.CONCAT_REQUEST).set("parts", new String[] {"mobile ", "web"})
                .build();
        OptimisticResult<Message> result = negotiator.callWithOffer(
                TicketKey.of(server.stringConcatUrl().toString(), "concat", ""), InProcessHhfrServer.CONCAT_ACTION,
                offer, Collections.<HeaderBlock>emptyList(), MessageBody.writer(xml, request),
                MessageBody.reader(xml, SampleServices.CONCAT_RESPONSE));

        assertEquals("mobile web", result.response().body().record().string("return"));
        assertTrue(result.outcome().streaming(), result.outcome().toString());
        try (NettyStreamClient client = connect(result.outcome().ticket())) {
            byte[] response = client.call(SampleServices.concatRequest("a", "b", "c")).get(5, TimeUnit.SECONDS);
            assertEquals("abc", SampleServices.concatResult(response));
        }
        assertEquals(2, server.calls("concat"));
    }

    @Test
    void droppedConnectionsResumeWithoutRunningAnyCallTwice() throws Exception {
        ResumptionTicket ticket = negotiate(server.floatSumUrl(), InProcessHhfrServer.SUM_ACTION,
                HhfrUris.TRANSPORT_TCP);
        try (NettyStreamClient client = connect(ticket)) {
            for (int i = 0; i < 50; i++) {
                assertEquals(i, SampleServices.sumResult(client.call(SampleServices.sumRequest(i)).get(5,
                        TimeUnit.SECONDS)));
                if (i % 10 == 5) {
                    server.dropConnections();
                }
            }
        }
        assertEquals(50, server.calls("sum"));
    }

    @Test
    void anExpiredSessionIsRefusedAsUnknown() throws Exception {
        ResumptionTicket ticket = negotiate(server.floatSumUrl(), InProcessHhfrServer.SUM_ACTION,
                HhfrUris.TRANSPORT_TCP);
        assertTrue(server.expireSession(ticket.sessionId().text()));
        StreamSessionException refused = assertThrows(StreamSessionException.class, () -> connect(ticket));
        assertEquals(ErrorCode.UNKNOWN_SESSION, refused.code());
    }

    private static ResumptionTicket negotiate(URL url, String action, String transport) throws Exception {
        Offer offer = Offer.builder().action(action).transports(Collections.singletonList(transport)).build();
        NegotiationOutcome outcome = negotiator(url).negotiate(TicketKey.of(url.toString(), action, ""), offer,
                Collections.<HeaderBlock>emptyList());
        assertTrue(outcome.streaming(), outcome.toString());
        return outcome.ticket();
    }

    private static Negotiator negotiator(URL url) {
        return new Negotiator(new SoapHttpClient(url, 2_000, 5_000, SoapLimits.defaults()), SoapVersion.SOAP_11,
                new NegotiationReader(NegotiationLimits.defaults()), new ResumptionTicketCache());
    }

    private static NettyStreamClient connect(ResumptionTicket ticket) throws Exception {
        InetSocketAddress endpoint = new InetSocketAddress(ticket.streamEndpoint().host(),
                ticket.streamEndpoint().port());
        byte[] id = ticket.sessionId().toBytes();
        byte[] token = ticket.token().toBytes();
        return (HhfrUris.TRANSPORT_UDP.equals(ticket.transportUri()) ? NettyStreamClient.udp(endpoint, id, token)
                : NettyStreamClient.tcp(endpoint, id, token)).connect();
    }
}
