package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** What a session's listener is told, and in which order. */
class SessionEventsTest {
    @Test
    void closedIsTheLastEventEvenWhenAStreamsReaderReportsAReconnectionAfterIt() {
        RecordingListener listener = new RecordingListener();
        SessionEvents events = new SessionEvents(listener, null, false);

        events.changed(SessionState.SOAP, SessionState.CLOSED, null, null);
        events.reconnecting("the connection broke");
        events.resumed();
        events.tell();

        assertEquals(List.of("closed"), listener.seen);
    }

    @Test
    void eventsRecordedBeforeTheyAreToldAreToldInTheirOrder() {
        RecordingListener listener = new RecordingListener();
        SessionEvents events = new SessionEvents(listener, null, false);

        events.changed(SessionState.NEGOTIATING, SessionState.SOAP, null, "the service declined");
        events.reconnecting("the connection broke");
        events.changed(SessionState.SOAP, SessionState.CLOSED, null, null);
        events.tell();

        assertEquals(List.of("fell back: the service declined", "reconnecting the connection broke", "closed"),
                listener.seen);
    }
}
