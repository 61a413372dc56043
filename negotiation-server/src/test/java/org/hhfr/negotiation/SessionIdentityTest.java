package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.hhfr.contextstore.CallerIdentity;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.negotiation.server.NegotiationHandler;
import org.hhfr.negotiation.server.OperationContext;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SchemaLimits;
import org.junit.jupiter.api.Test;

/**
 * A session keeps who negotiated it (the static header blocks and the HTTP identity), a resumption ticket offered
 * by anyone else opens a session of its own, and a message's own header blocks travel as a SOAP Header section
 * read within the header limits.
 */
class SessionIdentityTest {
    private static final HeaderBlock ALICE_TOKEN = token("alice");
    private static final CallerIdentity ALICE = CallerIdentity.of("alice",
            Map.of("Authorization", "Basic YWxpY2U6d29uZGVybGFuZA==", "X-Api-Key", "alice-key"));

    private final ContextStore store = HhfrServer.store(10, 60_000, MonotonicClock.SYSTEM);
    private final NegotiationHandler handler = new NegotiationHandler(ServerCapabilities.defaults(), store,
            transport -> Hhfr.TCP_ENDPOINT, HhfrServer.publishing(), SchemaLimits.defaults());

    @Test
    void theSessionKeepsTheStaticHeadersAndTheCallerThatNegotiatedIt() throws Exception {
        Answer answer = handler.handle(offer(), context(List.of(ALICE_TOKEN), ALICE));
        StreamContext session = handler.admit(answer.sessionId().text(), answer.token().text());
        assertEquals(List.of(ALICE_TOKEN), session.staticHeaders());
        assertEquals(ALICE, session.identity());
        assertEquals("alice-key", session.identity().header("x-api-key"));
        assertFalse(session.toString().contains("YWxpY2U"), "the Authorization header stays out of logs");
        assertFalse(session.toString().contains("alice-key"), "the API key stays out of logs");
    }

    @Test
    void aTicketOfferedByAnotherCallerOpensANewSessionAndTheSameCallerResumes() throws Exception {
        Answer first = handler.handle(offer(), context(List.of(ALICE_TOKEN), ALICE));
        Offer resuming = Hhfr.offer().staticHeaders(List.of(ALICE_TOKEN.name()))
                .resumption(first.sessionId(), first.token()).build();

        Answer sameCaller = handler.handle(resuming, context(List.of(ALICE_TOKEN), ALICE));
        assertTrue(sameCaller.resumed());
        assertEquals(first.sessionId(), sameCaller.sessionId());

        Answer otherUser = handler.handle(resuming, context(List.of(ALICE_TOKEN),
                CallerIdentity.of("mallory", Map.of("Authorization", "Basic bWFsbG9yeTpt"))));
        Answer otherKey = handler.handle(resuming, context(List.of(ALICE_TOKEN),
                CallerIdentity.of("alice", Map.of("Authorization", "Basic YWxpY2U6d29uZGVybGFuZA==",
                        "X-Api-Key", "mallory-key"))));
        Answer otherHeader = handler.handle(resuming, context(List.of(token("mallory")), ALICE));
        for (Answer other : List.of(otherUser, otherKey, otherHeader)) {
            assertTrue(other.isAccepted());
            assertFalse(other.resumed());
            assertNotEquals(first.sessionId(), other.sessionId());
        }
        assertEquals(List.of(token("mallory")), handler.admit(otherHeader.sessionId().text(),
                otherHeader.token().text()).staticHeaders());
    }

    @Test
    void aCallerWithMoreHttpHeadersThanASessionKeepsIsServedOverSoap() throws Exception {
        Map<String, String> headers = new java.util.TreeMap<>();
        for (int i = 0; i <= CallerIdentity.MAX_HEADERS; i++) {
            headers.put("X-Claim-" + i, "v");
        }
        Answer tooMany = handler.handle(offer(), context(List.of(ALICE_TOKEN), CallerIdentity.of(null, headers)));
        Answer tooLong = handler.handle(offer(), context(List.of(ALICE_TOKEN), CallerIdentity.of(null,
                Map.of("Cookie", "c".repeat(CallerIdentity.MAX_HEADER_CHARS)))));
        for (Answer declined : List.of(tooMany, tooLong)) {
            assertFalse(declined.isAccepted());
            assertTrue(declined.reason().contains("HTTP headers are more than a session keeps"), declined.reason());
        }
    }

    @Test
    void aMessagesOwnHeadersTravelAsAHeaderSectionReadWithinTheLimits() throws Exception {
        List<HeaderBlock> headers = List.of(token("a"), HeaderBlock.of(new QualifiedName("urn:t", "Trace"),
                "<t:Trace xmlns:t=\"urn:t\">7</t:Trace>"));
        for (SoapVersion version : SoapVersion.values()) {
            byte[] section = SoapEnvelopeWriter.headerSection(version, headers);
            List<HeaderBlock> read = new SoapEnvelopeReader(SoapLimits.defaults())
                    .readHeaderSection(new ByteArrayInputStream(section), version);
            assertEquals(List.of(token("a").name(), headers.get(1).name()),
                    List.of(read.get(0).name(), read.get(1).name()));
            assertEquals("7", read.get(1).xml().replaceAll("<[^>]*>", ""));
        }
        byte[] many = SoapEnvelopeWriter.headerSection(SoapVersion.SOAP_11, List.of(token("1"), token("2")));
        SoapEnvelopeReader oneBlock = new SoapEnvelopeReader(SoapLimits.defaults().toBuilder().maxHeaderBlocks(1)
                .build());
        MalformedEnvelopeException refused = assertThrows(
                MalformedEnvelopeException.class,
                () -> oneBlock.readHeaderSection(new ByteArrayInputStream(many), SoapVersion.SOAP_11));
        assertTrue(refused.getMessage().contains("more than 1 header blocks"), refused.getMessage());
        byte[] doctype = "<!DOCTYPE x [<!ENTITY e \"e\">]><x/>".getBytes(StandardCharsets.UTF_8);
        assertThrows(MalformedEnvelopeException.class,
                () -> new SoapEnvelopeReader(SoapLimits.defaults()).readHeaderSection(
                        new ByteArrayInputStream(doctype), SoapVersion.SOAP_11));
    }

    private static Offer offer() {
        return Hhfr.offer().staticHeaders(List.of(ALICE_TOKEN.name())).build();
    }

    private static OperationContext context(List<HeaderBlock> headers, CallerIdentity caller) {
        return OperationContext.of(HhfrServer.operation(SoapVersion.SOAP_11), headers, caller);
    }

    private static HeaderBlock token(String user) {
        return HeaderBlock.of(new QualifiedName("urn:test:credential", "Token"),
                "<c:Token xmlns:c=\"urn:test:credential\">" + user + "</c:Token>");
    }
}
