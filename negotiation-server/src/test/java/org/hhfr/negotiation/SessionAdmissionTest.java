package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.concurrent.atomic.AtomicLong;

import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.server.NegotiationHandler;
import org.hhfr.negotiation.server.OperationContext;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.schemas.SchemaLimits;
import org.junit.jupiter.api.Test;

/** Opening a stream for a negotiated session, and what the client does when the session is gone. */
class SessionAdmissionTest {
    private static NegotiationHandler handler(ContextStore store) {
        return new NegotiationHandler(ServerCapabilities.defaults(), store, transport -> Hhfr.TCP_ENDPOINT,
                HhfrServer.publishing(), SchemaLimits.defaults());
    }

    @Test
    void aNegotiatedSessionIsAdmittedWithItsTokenAndAnExpiredOneIsAClearErrorSoTheClientRenegotiates()
            throws Exception {
        AtomicLong now = new AtomicLong(0);
        ContextStore store = HhfrServer.store(10, 1_000, now::get);
        NegotiationHandler handler = handler(store);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            Negotiator negotiator = HhfrServer.negotiator(server, SoapVersion.SOAP_11, new ResumptionTicketCache(32, now::get));
            TicketKey key = HhfrServer.key(server);
            NegotiationOutcome first = negotiator.negotiate(key, Hhfr.offer().build(),
                    Collections.<HeaderBlock>emptyList());
            StreamContext context = handler.admit(first.ticket().sessionId().text(), first.ticket().token().text());
            assertEquals(FloatSum.ACTION, context.operation().soapAction());

            now.addAndGet(1_001);
            UnknownSessionException gone = assertThrows(UnknownSessionException.class,
                    () -> handler.admit(first.ticket().sessionId().text(), first.ticket().token().text()));
            assertTrue(gone.getMessage().endsWith("is unknown or has expired; negotiate again"), gone.getMessage());
            assertFalse(gone.getMessage().contains(first.ticket().token().text()), "the token never appears");
            assertFalse(negotiator.resumable(key).isPresent(), "the client's ticket expired too");

            NegotiationOutcome again = negotiator.renegotiate(key, Hhfr.offer().build(),
                    Collections.<HeaderBlock>emptyList());
            assertNotEquals(first.ticket().sessionId(), again.ticket().sessionId());
            handler.admit(again.ticket().sessionId().text(), again.ticket().token().text());
        }
    }

    @Test
    void aWrongTokenOrMalformedCredentialsAreRefused() throws Exception {
        ContextStore store = HhfrServer.store(10, 60_000, MonotonicClock.SYSTEM);
        NegotiationHandler handler = handler(store);
        Answer answer = handler.handle(Hhfr.offer().build(), OperationContext.of(
                HhfrServer.operation(SoapVersion.SOAP_11), Collections.<HeaderBlock>emptyList()));
        String wrongToken = TokenGenerator.secure().newToken().text();
        assertThrows(UnknownSessionException.class, () -> handler.admit(answer.sessionId().text(), wrongToken));
        UnknownSessionException malformed = assertThrows(UnknownSessionException.class,
                () -> handler.admit("not-a-session", "x"));
        assertTrue(malformed.getMessage().startsWith("no such session"), malformed.getMessage());
    }
}
