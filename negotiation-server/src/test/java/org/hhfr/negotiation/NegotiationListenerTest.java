package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.server.CounteredTerm;
import org.hhfr.negotiation.server.DeclineReason;
import org.hhfr.negotiation.server.NegotiationHandler;
import org.hhfr.negotiation.server.NegotiationListener;
import org.hhfr.negotiation.server.OperationContext;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.negotiation.server.SoapNegotiationService;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.SchemaLimits;
import org.junit.jupiter.api.Test;

/** The listener hears every decision once: what was accepted, which terms were countered, why an offer was declined. */
class NegotiationListenerTest {
    private static final OperationContext FLOAT_SUM = OperationContext.of(HhfrServer.operation(SoapVersion.SOAP_11),
            Collections.<HeaderBlock>emptyList());

    private final List<String> heard = new ArrayList<>();
    private final NegotiationListener listener = new NegotiationListener() {
        @Override
        public void accepted(String transportUri, boolean resumed) {
            heard.add("accepted " + transportUri + (resumed ? " resumed" : ""));
        }

        @Override
        public void countered(CounteredTerm term) {
            heard.add("countered " + term);
        }

        @Override
        public void declined(DeclineReason reason) {
            heard.add("declined " + reason);
        }
    };

    private NegotiationHandler handler(ContextStore store) {
        return new NegotiationHandler(ServerCapabilities.defaults(), store,
                transport -> HhfrUris.TRANSPORT_TCP.equals(transport) ? Hhfr.TCP_ENDPOINT : null,
                HhfrServer.publishing(), SchemaLimits.defaults(), listener);
    }

    @Test
    void anAcceptedOfferAndItsResumptionAreHeardWithTheirTransport() {
        NegotiationHandler handler = handler(HhfrServer.store(10, 600_000, MonotonicClock.SYSTEM));
        Answer first = handler.handle(Hhfr.tcpOnly(), FLOAT_SUM);
        handler.handle(Hhfr.offer().resumption(first.sessionId(), first.token()).build(), FLOAT_SUM);

        assertEquals(Arrays.asList("accepted " + HhfrUris.TRANSPORT_TCP,
                "accepted " + HhfrUris.TRANSPORT_TCP + " resumed"), heard);
    }

    @Test
    void eachCounteredTermIsHeardBeforeTheAcceptance() {
        NegotiationHandler handler = handler(HhfrServer.store(10, 600_000, MonotonicClock.SYSTEM));
        Answer answer = handler.handle(Hhfr.offer().policy(ReliabilityPolicy.defaults().toBuilder()
                .window(4_096).validForMillis(900_000).build()).build(), FLOAT_SUM);

        assertTrue(answer.isAccepted(), answer.reason());
        assertEquals(Arrays.asList("countered WINDOW", "countered LIFETIME", "accepted " + HhfrUris.TRANSPORT_TCP),
                heard);
    }

    @Test
    void declinesAreHeardByTheirReason() {
        NegotiationHandler handler = handler(HhfrServer.store(1, 600_000, MonotonicClock.SYSTEM));
        handler.handle(Hhfr.offer().policy(ReliabilityPolicy.defaults().toBuilder().inOrder(false).build()).build(),
                FLOAT_SUM);
        handler.handle(Hhfr.offer().transports(Arrays.asList(HhfrUris.TRANSPORT_UDP)).build(), FLOAT_SUM);
        handler.handle(Hhfr.tcpOnly(), FLOAT_SUM);
        Answer full = handler.handle(Hhfr.tcpOnly(), FLOAT_SUM);
        Answer unreadable = new SoapNegotiationService(handler, new SoapEnvelopeReader(SoapLimits.defaults()))
                .answerTo(Collections.singletonList(HeaderBlock.of(SoapNegotiationService.OFFER,
                        "<Offer xmlns=\"" + HhfrUris.NAMESPACE + "\"><Unclosed></Offer>")),
                        FLOAT_SUM.operation());

        assertFalse(full.isAccepted());
        assertFalse(unreadable.isAccepted());
        assertEquals(Arrays.asList("declined UNSUPPORTED_RELIABILITY", "declined NO_COMMON_TRANSPORT",
                "accepted " + HhfrUris.TRANSPORT_TCP, "declined STORE_FULL", "declined OFFER_NOT_UNDERSTOOD"), heard);
    }
}
