package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Collections;

import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ResumptionTicket;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.StreamCharacteristics;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.soap.FaultCode;
import org.hhfr.streamer.BinaryRepresentation;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Representation;
import org.hhfr.transports.netty.InboundMessage;
import org.hhfr.transports.netty.StreamDispatcher;
import org.hhfr.transports.netty.StreamServer;
import org.hhfr.transports.netty.StreamServerConfig;
import org.hhfr.transports.netty.StreamSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A service that fails one streamed call answers it with a fault: the call throws the same
 * {@link ServiceFaultException} a SOAP fault would, and the stream carries the next call. The stream is opened
 * from a ticket planted in the client's cache for a session created in the server's store, so no SOAP endpoint
 * is involved at all.
 */
@Timeout(30)
class StreamFaultTest {
    private static final Representation BINARY = new BinaryRepresentation();

    private final InMemoryContextStore store = new InMemoryContextStore(StoreLimits.defaults(), MonotonicClock.SYSTEM,
            TokenGenerator.secure());
    private final StreamServer server;

    StreamFaultTest() throws Exception {
        server = StreamServer.start(store, StreamDispatcher.ofFunction(StreamFaultTest::sumOfNonEmpty),
                StreamServerConfig.on("127.0.0.1").ioThreads(1).build());
    }

    @AfterEach
    void stop() {
        server.close();
        store.close();
    }

    @Test
    void aThrowingServiceFailsThatTcpCallWithAReceiverFaultAndTheNextCallSucceeds() throws Exception {
        aThrowingServiceFailsThatCallAndTheNextCallSucceeds(HhfrUris.TRANSPORT_TCP, server.tcpPort(), Mode.HHFR_TCP);
    }

    @Test
    void aThrowingServiceFailsThatUdpCallWithAReceiverFaultAndTheNextCallSucceeds() throws Exception {
        aThrowingServiceFailsThatCallAndTheNextCallSucceeds(HhfrUris.TRANSPORT_UDP, server.udpPort(), Mode.HHFR_UDP);
    }

    private void aThrowingServiceFailsThatCallAndTheNextCallSucceeds(String transport, int port, Mode mode)
            throws Exception {
        ResumptionTicketCache tickets = new ResumptionTicketCache();
        String serviceUrl = "http://127.0.0.1:9/axis2/services/FloatSum";
        plantTicket(tickets, serviceUrl, transport, port);
        try (HhfrClient client = HhfrClient.builder(serviceUrl).ticketCache(tickets).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(mode, session.mode());
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));

            ServiceFaultException fault = assertThrows(ServiceFaultException.class,
                    () -> session.call(Float.class, new float[] {1f, -1f}));

            assertEquals(FaultCode.RECEIVER, fault.standardCode());
            assertEquals(FaultCode.RECEIVER.qualifiedName(SoapVersion.SOAP_11), fault.code());
            assertEquals("negative values are not summed", fault.reason());
            assertEquals(mode, session.mode());
            assertEquals(7f, session.call(Float.class, new float[] {3f, 4f}));
        }
    }

    @Test
    void aTicketThatNamesNoCallerIsNotResumed() throws Exception {
        ResumptionTicketCache tickets = new ResumptionTicketCache();
        String serviceUrl = "http://127.0.0.1:9/axis2/services/FloatSum";
        plantTicket(tickets, serviceUrl, HhfrUris.TRANSPORT_TCP, server.tcpPort(), "");
        try (HhfrClient client = HhfrClient.builder(serviceUrl).ticketCache(tickets).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(Mode.SOAP, session.mode(), "whose session the ticket opens is unknown");
        }
    }

    private void plantTicket(ResumptionTicketCache tickets, String serviceUrl, String transport, int port)
            throws Exception {
        plantTicket(tickets, serviceUrl, transport, port, ClientSettings.callerHeaders(Collections.emptyMap()));
    }

    /**
     * What a negotiation would have left in the cache: a ticket for a session the server's store holds, of the
     * caller whose headers digest to {@code callerHeaders} (empty: none named).
     */
    private void plantTicket(ResumptionTicketCache tickets, String serviceUrl, String transport, int port,
                             String callerHeaders) throws Exception {
        Operation operation = FloatSum.operation();
        SessionGrant grant = store.create(StreamContext.builder()
                .schemeUri(HhfrUris.SCHEME_V1)
                .representationUri(BinaryRepresentation.URI)
                .transportUri(transport)
                .operation(FloatSum.serviceOperation(SoapVersion.SOAP_11))
                .request(FloatSum.REQUEST_STRUCTURE)
                .response(FloatSum.RESPONSE_STRUCTURE)
                .characteristics(StreamCharacteristics.of(ReliabilityPolicy.defaults(), 1 << 20, 1 << 20))
                .build());
        tickets.put(TicketKey.of(serviceUrl, operation.soapAction() + " " + operation.element(),
                        operation.fingerprint()),
                ResumptionTicket.of(grant.id(), grant.token(), StreamEndpoint.of("127.0.0.1", port),
                        BinaryRepresentation.URI, transport, ReliabilityPolicy.defaults())
                        .withCallerHeaders(callerHeaders),
                60_000);
    }

    /** Float-sum that refuses negative values, with a stack trace in its message that must not travel. */
    private static byte[] sumOfNonEmpty(StreamSession session, InboundMessage message) {
        try {
            Message request = BINARY.decode(FloatSum.REQUEST_STRUCTURE, message.payload());
            for (float value : request.record().floats("values")) {
                if (value < 0) {
                    throw new IllegalArgumentException(
                            "negative values are not summed\n\tat FloatSum.sum(FloatSum.java:1)");
                }
            }
            return BINARY.encode(FloatSum.respond(request));
        } catch (MalformedMessageException e) {
            throw new IllegalStateException(e);
        }
    }
}
