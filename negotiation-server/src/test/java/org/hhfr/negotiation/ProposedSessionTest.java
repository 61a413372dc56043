package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Collections;
import java.util.concurrent.atomic.AtomicInteger;

import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.server.NegotiationHandler;
import org.hhfr.negotiation.server.NegotiationListener;
import org.hhfr.negotiation.server.OperationContext;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.schemas.SchemaLimits;
import org.junit.jupiter.api.Test;

/**
 * An offer may propose its session's id and token, so that the client opens the stream before the answer: the
 * server stores the session under them only when it grants exactly what that early stream runs, and never
 * joins a session that already has the id.
 */
class ProposedSessionTest {
    private final ContextStore store = HhfrServer.store(10, ReliabilityPolicy.DEFAULT_VALID_FOR_MILLIS,
            MonotonicClock.SYSTEM);
    private final AtomicInteger refusals = new AtomicInteger();
    private final NegotiationHandler handler = new NegotiationHandler(ServerCapabilities.defaults(), store,
            transport -> HhfrUris.TRANSPORT_TCP.equals(transport) ? Hhfr.TCP_ENDPOINT : Hhfr.UDP_ENDPOINT,
            HhfrServer.publishing(), SchemaLimits.defaults(), new NegotiationListener() {
                @Override
                public void proposalRefused() {
                    refusals.incrementAndGet();
                }
            });
    private final ProposedSession proposed = ProposedSession.draw(new SecureRandom(), HhfrUris.TRANSPORT_TCP,
            Hhfr.TCP_ENDPOINT);

    @Test
    void anOfferAcceptedOnTheProposedTermsGrantsTheProposedSession() throws Exception {
        Answer answer = decide(Hhfr.offer().proposedSession(proposed).build());

        assertTrue(answer.isAccepted());
        assertEquals(proposed.id(), answer.sessionId());
        assertEquals(proposed.token(), answer.token());
        assertEquals(FloatSum.ACTION, handler.admit(proposed.id().text(), proposed.token().text())
                .operation().soapAction());
    }

    @Test
    void anotherTransportEndpointRepresentationOrACounteredPolicyGetsASessionOfTheServersOwn() throws Exception {
        Offer udpFirst = Hhfr.offer().transports(Arrays.asList(HhfrUris.TRANSPORT_UDP, HhfrUris.TRANSPORT_TCP))
                .proposedSession(proposed).build();
        Offer xmlFirst = Hhfr.offer().representations(Arrays.asList("urn:hhfr:rep:unknown",
                HhfrUris.REPRESENTATION_BINARY)).proposedSession(proposed).build();
        Offer countered = Hhfr.offer().policy(ReliabilityPolicy.defaults().toBuilder().window(100_000).build())
                .proposedSession(proposed).build();
        Offer elsewhere = Hhfr.offer().proposedSession(ProposedSession.of(proposed.id(), proposed.token(),
                HhfrUris.TRANSPORT_TCP, StreamEndpoint.of("127.0.0.1", Hhfr.TCP_ENDPOINT.port() + 5))).build();
        for (Offer offer : Arrays.asList(udpFirst, xmlFirst, countered, elsewhere)) {
            Answer answer = decide(offer);
            assertTrue(answer.isAccepted(), offer.toString());
            assertNotEquals(proposed.id(), answer.sessionId(), offer.toString());
        }
        assertThrows(UnknownSessionException.class,
                () -> handler.admit(proposed.id().text(), proposed.token().text()));
        assertEquals(0, refusals.get(), "nothing was refused: the proposal did not fit the grant");
    }

    @Test
    void noProposalCanNameAnIdItsTokenDoesNotDeriveSoNoClientTakesAnothersId() {
        SessionToken other = ProposedSession.draw(new SecureRandom(), HhfrUris.TRANSPORT_TCP, Hhfr.TCP_ENDPOINT)
                .token();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProposedSession.of(proposed.id(), other, HhfrUris.TRANSPORT_TCP, Hhfr.TCP_ENDPOINT));
        assertTrue(e.getMessage().contains("derived from its token"), e.getMessage());
    }

    @Test
    void aProposedIdInUseIsRefusedAndItsSessionKeepsItsToken() throws Exception {
        Answer owner = decide(Hhfr.offer().proposedSession(proposed).build());

        Answer again = decide(Hhfr.offer().proposedSession(proposed).build());

        assertTrue(again.isAccepted());
        assertNotEquals(proposed.id(), again.sessionId(), "the offer made again got a session of the server's own");
        assertEquals(1, refusals.get());
        assertEquals(proposed.id(), owner.sessionId());
        handler.admit(owner.sessionId().text(), proposed.token().text());
    }

    private Answer decide(Offer offer) {
        return handler.handle(offer, OperationContext.of(HhfrServer.operation(SoapVersion.SOAP_11),
                Collections.<HeaderBlock>emptyList()));
    }
}
