package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ResumptionTicket;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.transports.auth.SessionId;
import org.junit.jupiter.api.Test;

/** What a session's listener is told, and in which order. */
class SessionEventsTest {
    private final RecordingListener listener = new RecordingListener();
    private final SessionEvents events = new SessionEvents(listener, null, false);

    @Test
    void closedIsTheLastEventEvenWhenAStreamsReaderReportsAReconnectionAfterIt() {
        events.changed(SessionState.SOAP, SessionState.CLOSED, null, null);
        events.reconnecting("the connection broke");
        events.resumed();
        events.tell();

        assertEquals(List.of("closed"), listener.seen);
    }

    @Test
    void eventsRecordedBeforeTheyAreToldAreToldInTheirOrder() {
        events.changed(SessionState.NEGOTIATING, SessionState.SOAP, null, "the service declined");
        events.reconnecting("the connection broke");
        events.changed(SessionState.SOAP, SessionState.CLOSED, null, null);
        events.tell();

        assertEquals(List.of("fell back: the service declined", "reconnecting the connection broke", "closed"),
                listener.seen);
    }

    @Test
    void aStreamReopenedFromATicketAsTheSessionOpensIsToldAsNegotiated() throws Exception {
        events.changed(SessionState.NEW, SessionState.RESUMING, null, null);
        events.changed(SessionState.RESUMING, SessionState.STREAMING, ticketsStream(), null);
        events.tell();

        assertEquals(List.of("negotiated HHFR_TCP window " + ReliabilityPolicy.defaults().window()), listener.seen);
    }

    @Test
    void aStreamGoingOnAtTheNextNodeIsToldAsReconnectingAndResumed() throws Exception {
        events.changed(SessionState.STREAMING, SessionState.RESUMING, ticketsStream(), "node a is gone");
        events.changed(SessionState.RESUMING, SessionState.STREAMING, ticketsStream(), null);
        events.tell();

        assertEquals(List.of("reconnecting node a is gone", "resumed"), listener.seen);
    }

    @Test
    void aStreamNoNodeTookIsToldAsLostAlsoWhenTheSessionNegotiatesAgainAtOnce() throws Exception {
        events.changed(SessionState.STREAMING, SessionState.RESUMING, ticketsStream(), "node a is gone");
        events.changed(SessionState.RESUMING, SessionState.NEGOTIATING, ticketsStream(), "node b did not answer");
        events.tell();

        assertEquals(List.of("reconnecting node a is gone", "lost node b did not answer"), listener.seen);
    }

    private static StreamGrant ticketsStream() throws Exception {
        return new StreamGrant(ResumptionTicket.of(SessionId.of(new byte[16]), SessionToken.fromBytes(new byte[32]),
                StreamEndpoint.of("127.0.0.1", 9), HhfrUris.REPRESENTATION_BINARY, HhfrUris.TRANSPORT_TCP,
                ReliabilityPolicy.defaults()), true, 1);
    }
}
