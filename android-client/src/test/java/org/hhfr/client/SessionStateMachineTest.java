package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.hhfr.client.SessionAction.Failure;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ResumptionTicket;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.transports.auth.SessionId;
import org.junit.jupiter.api.Test;

/**
 * Every transition of a session's road, driven by hand: calls are names with deadlines, streams are names, and
 * time moves only when a test moves it. No sockets, no threads.
 */
class SessionStateMachineTest {
    private static final int MAX_WAITING = 3;
    private static final long TIMEOUT = 1_000;
    private static final long OFFER_AGAIN = 60_000;
    private static final StreamEndpoint NODE_B = StreamEndpoint.of("127.0.0.2", 9);
    private static final StreamEndpoint NODE_C = StreamEndpoint.of("127.0.0.3", 9);

    /** Virtual time in milliseconds. */
    private long now = 5_000;
    private final MonotonicClock clock = () -> now;
    private final SessionStateMachine<Call, String> machine = machine(true);

    private final StreamGrant answer = grant(false, 60_000);
    private final StreamGrant ticket = grant(true, 20_000);
    private final Call a = call("a");
    private final Call b = call("b");
    private final Call c = call("c");
    private final Call d = call("d");

    @Test
    void theFirstCallCarriesTheOfferAndCallsMadeMeanwhileWait() {
        assertEquals(actions(SessionAction.sendWithOffer(a)), machine.callStarted(a, false));
        assertEquals(SessionState.NEGOTIATING, machine.state());
        assertEquals(actions(), machine.callStarted(b, false));
        assertEquals(actions(), machine.callStarted(c, false));
    }

    @Test
    void aGrantedStreamIsConnectedThenTheWaitingCallsLeaveOnItInOrder() {
        offerWithWaiting(b, c);
        assertEquals(actions(SessionAction.openStream(answer)), machine.streamGranted(answer));
        assertEquals(SessionState.CONNECTING, machine.state());
        assertEquals(actions(), machine.callStarted(d, false), "a call made while the stream connects waits too");

        assertEquals(actions(SessionAction.sendOnStream(Arrays.asList(b, c, d), "tcp")), machine.streamOpened("tcp"));
        assertEquals(SessionState.STREAMING, machine.state());
        assertEquals("tcp", machine.stream());
    }

    @Test
    void newCallsTakeTheOpenStream() {
        streaming(answer);
        assertEquals(actions(SessionAction.sendOnStream(list(d), "tcp")), machine.callStarted(d, false));
    }

    @Test
    void theServiceDecliningSendsTheWaitingCallsAndLaterOnesOverSoap() {
        offerWithWaiting(b, c);
        assertEquals(actions(SessionAction.sendOverSoap(Arrays.asList(b, c))), machine.streamDeclined());
        assertEquals(SessionState.SOAP, machine.state());
        assertEquals(actions(SessionAction.sendOverSoap(list(d))), machine.callStarted(d, false),
                "no new offer before the wait passed");
    }

    @Test
    void aDeclinedSessionOffersAgainWithTheFirstCallMadeOnceTheWaitPassed() {
        offerWithWaiting(b, c);
        machine.streamDeclined();
        now += OFFER_AGAIN - 1;
        assertEquals(actions(SessionAction.sendOverSoap(list(d))), machine.callStarted(d, false));
        now += 1;
        Call e = call("e");
        assertEquals(actions(SessionAction.sendWithOffer(e)), machine.callStarted(e, false));
        assertEquals(SessionState.NEGOTIATING, machine.state());
        assertEquals(actions(SessionAction.openStream(answer)), machine.streamGranted(answer));
        assertEquals(actions(), machine.streamOpened("tcp"));
        assertEquals(SessionState.STREAMING, machine.state());
    }

    @Test
    void eachFallbackToSoapWaitsTwiceAsLongBeforeOfferingAgainUpToTheMaximumAndAStreamStartsItOver() {
        long expected = OFFER_AGAIN;
        for (int fallbacks = 0; fallbacks < 8; fallbacks++) {
            Call offering = call("offer " + fallbacks);
            assertEquals(actions(SessionAction.sendWithOffer(offering)), machine.callStarted(offering, false));
            machine.streamDeclined();
            now += expected - 1;
            Call soap = call("soap " + fallbacks);
            assertEquals(actions(SessionAction.sendOverSoap(list(soap))), machine.callStarted(soap, false),
                    "after fallback " + (fallbacks + 1));
            now += 1;
            expected = Math.min(SessionStateMachine.MAX_OFFER_AGAIN_MILLIS, 2 * expected);
        }
        assertEquals(SessionStateMachine.MAX_OFFER_AGAIN_MILLIS, expected);
        assertEquals(actions(SessionAction.sendWithOffer(a)), machine.callStarted(a, false));
        machine.streamGranted(answer);
        machine.streamOpened("tcp");
        machine.streamRefused("tcp", Collections.<Call>emptyList());
        assertEquals(SessionState.SOAP, machine.state(), "a refused fresh stream falls back to SOAP");
        now += OFFER_AGAIN;
        assertEquals(actions(SessionAction.sendWithOffer(b)), machine.callStarted(b, false),
                "the stream that opened started the wait over");
    }

    @Test
    void aWaitOfLongMaxValueMeansNeverOfferAgain() {
        SessionStateMachine<Call, String> never = machine(true, Long.MAX_VALUE);
        never.callStarted(a, false);
        never.streamDeclined();
        now += 10 * SessionStateMachine.MAX_OFFER_AGAIN_MILLIS;
        assertEquals(actions(SessionAction.sendOverSoap(list(b))), never.callStarted(b, false));
    }

    @Test
    void aFirstWaitAboveTheMaximumIsKeptForLaterFallbacks() {
        long first = 2 * SessionStateMachine.MAX_OFFER_AGAIN_MILLIS;
        SessionStateMachine<Call, String> patient = machine(true, first);
        for (int fallbacks = 0; fallbacks < 3; fallbacks++) {
            Call offering = call("offer " + fallbacks);
            assertEquals(actions(SessionAction.sendWithOffer(offering)), patient.callStarted(offering, false));
            patient.streamDeclined();
            now += first - 1;
            Call soap = call("soap " + fallbacks);
            assertEquals(actions(SessionAction.sendOverSoap(list(soap))), patient.callStarted(soap, false),
                    "after fallback " + (fallbacks + 1));
            now += 1;
        }
    }

    @Test
    void anOfferAgainRidesOnTheCallEvenWhenTheClientCouldProposeItsSession() {
        offerWithWaiting(b, c);
        machine.streamDeclined();
        now += OFFER_AGAIN;
        assertEquals(actions(SessionAction.sendWithOffer(d)), machine.callStarted(d, true));
    }

    @Test
    void aSessionThatWantsNoStreamNeverOffersOne() {
        SessionStateMachine<Call, String> soapOnly = machine(false);
        now += 10 * SessionStateMachine.MAX_OFFER_AGAIN_MILLIS;
        assertEquals(actions(SessionAction.sendOverSoap(list(a))), soapOnly.callStarted(a, false));
        assertEquals(SessionState.SOAP, soapOnly.state());
    }

    @Test
    void anOfferThatFailsSendsTheWaitingCallsOverSoapAndTheNextCallOffersAgain() {
        offerWithWaiting(b, c);
        assertEquals(actions(SessionAction.sendOverSoap(Arrays.asList(b, c))), machine.negotiationFailed("no answer"));
        assertEquals(SessionState.NEW, machine.state());
        assertEquals(actions(SessionAction.sendWithOffer(d)), machine.callStarted(d, false));
    }

    @Test
    void anOfferAnsweredWithAnErrorSendsTheWaitingCallsOverSoapAndStaysOnSoapForAWhile() {
        offerWithWaiting(b, c);
        assertEquals(actions(SessionAction.sendOverSoap(Arrays.asList(b, c))),
                machine.negotiationAnsweredWithError("HTTP 500"));
        assertEquals(SessionState.SOAP, machine.state());
        assertEquals(actions(SessionAction.sendOverSoap(list(d))), machine.callStarted(d, false));
    }

    @Test
    void callsBeyondTheWaitingLimitFailAtOnce() {
        offerWithWaiting(b, c, d);
        Call late = call("late");
        assertEquals(actions(SessionAction.failCalls(list(late), Failure.TOO_MANY_WAITING)),
                machine.callStarted(late, false));
        assertEquals(actions(SessionAction.openStream(answer)), machine.streamGranted(answer));
        assertEquals(actions(SessionAction.sendOnStream(Arrays.asList(b, c, d), "tcp")), machine.streamOpened("tcp"),
                "the refused call is not among them");
    }

    @Test
    void cancelledWaitingCallsAreNotSentAndFreeTheirPlaces() {
        offerWithWaiting(b, c, d);
        c.cancelled = true;
        Call next = call("next");
        assertEquals(actions(), machine.callStarted(next, false), "c's place is free");
        assertEquals(actions(SessionAction.openStream(answer)), machine.streamGranted(answer));
        assertEquals(actions(SessionAction.sendOnStream(Arrays.asList(b, d, next), "tcp")),
                machine.streamOpened("tcp"));
    }

    @Test
    void waitingCallsWhoseDeadlinePassedAreNotSentAndFreeTheirPlaces() {
        machine.callStarted(a, false);
        machine.callStarted(b, false);
        now += 500;
        machine.callStarted(c, false);
        machine.callStarted(d, false);
        now += TIMEOUT - 500;
        Call e = call("e");
        assertEquals(actions(), machine.callStarted(e, false), "b's deadline passed: its place went to e");
        now += 500;
        assertEquals(actions(SessionAction.sendOverSoap(list(e))), machine.streamDeclined(),
                "c and d expired while waiting too");
    }

    @Test
    void aSessionThatWantsNoStreamCallsOverSoapAndNeverNegotiates() {
        SessionStateMachine<Call, String> soapOnly = machine(false);
        assertEquals(actions(), soapOnly.opened(ticket, true));
        assertEquals(SessionState.SOAP, soapOnly.state());
        assertEquals(actions(SessionAction.sendOverSoap(list(a))), soapOnly.callStarted(a, false));
    }

    @Test
    void openingWithATicketReopensItsStreamWithoutNegotiating() {
        assertEquals(actions(SessionAction.openStream(ticket)), machine.opened(ticket, true));
        assertEquals(SessionState.RESUMING, machine.state());
        assertEquals(actions(), machine.callStarted(a, false));
        assertEquals(actions(SessionAction.sendOnStream(list(a), "tcp")), machine.streamOpened("tcp"));
    }

    @Test
    void openingWithNegotiateOnOpenNegotiatesWithASeparateRequest() {
        assertEquals(actions(SessionAction.negotiate()), machine.opened(null, true));
        assertEquals(SessionState.NEGOTIATING, machine.state());
        assertEquals(actions(SessionAction.openStream(answer)), machine.streamGranted(answer));
        assertEquals(actions(), machine.streamOpened("tcp"));
        assertEquals(SessionState.STREAMING, machine.state());
    }

    @Test
    void openingWithoutTicketOrExplicitNegotiationWaitsForTheFirstCall() {
        assertEquals(actions(), machine.opened(null, false));
        assertEquals(SessionState.NEW, machine.state());
    }

    @Test
    void aNetworkLossWhileResumingCostsTheTicketAndNegotiatesAgain() {
        machine.opened(ticket, false);
        machine.callStarted(a, false);
        assertEquals(actions(SessionAction.forgetTicket(), SessionAction.negotiate()), machine.streamOpenFailed());
        assertEquals(SessionState.NEGOTIATING, machine.state());
        assertEquals(actions(SessionAction.openStream(answer)), machine.streamGranted(answer));
        assertEquals(actions(SessionAction.sendOnStream(list(a), "tcp")), machine.streamOpened("tcp"));
    }

    @Test
    void aNetworkLossWhileResumingAndNegotiatingLeavesTheCallsToSoap() {
        machine.opened(ticket, false);
        machine.callStarted(a, false);
        machine.streamOpenFailed();
        assertEquals(actions(SessionAction.sendOverSoap(list(a))), machine.negotiationFailed("no answer"));
        assertEquals(SessionState.NEW, machine.state());
    }

    @Test
    void aGrantedStreamThatCannotOpenFallsBackToSoapWithoutItsTicket() {
        offerWithWaiting(b);
        machine.streamGranted(answer);
        assertEquals(actions(SessionAction.forgetTicket(), SessionAction.sendOverSoap(list(b))),
                machine.streamOpenFailed());
        assertEquals(SessionState.SOAP, machine.state());
    }

    @Test
    void aTicketRefusedAsStaleHandsItsCallsToANewNegotiation() {
        streaming(ticket);
        assertEquals(actions(SessionAction.forgetTicket(), SessionAction.closeStream("tcp"), SessionAction.negotiate()),
                machine.streamRefused("tcp", Arrays.asList(a, b)));
        assertEquals(SessionState.NEGOTIATING, machine.state());
        assertNull(machine.stream());
        assertEquals(actions(SessionAction.openStream(answer)), machine.streamGranted(answer));
        assertEquals(actions(SessionAction.sendOnStream(Arrays.asList(a, b), "tcp-2")), machine.streamOpened("tcp-2"),
                "the handed-back calls are sent once, in order");
    }

    @Test
    void aTicketRefusedBeforeAnyCallLeavesTheNegotiationToTheNextCall() {
        streaming(ticket);
        assertEquals(actions(SessionAction.forgetTicket(), SessionAction.closeStream("tcp")),
                machine.streamRefused("tcp", Collections.<Call>emptyList()));
        assertEquals(SessionState.STREAM_LOST, machine.state());
        assertEquals(actions(SessionAction.negotiate()), machine.callStarted(a, false));
    }

    @Test
    void aTicketRefusedBeforeItsStreamWasReportedOpenEndsAsOneRefusedJustAfter() {
        assertEquals(actions(SessionAction.openStream(ticket)), machine.opened(ticket, false));
        assertEquals(actions(SessionAction.forgetTicket()), machine.streamOpenFailed(),
                "with no call waiting, the opener does not wait for a new negotiation");
        assertEquals(SessionState.STREAM_LOST, machine.state());
        assertEquals(actions(SessionAction.negotiate()), machine.callStarted(a, false), "the next call negotiates");
        assertEquals(actions(), machine.callStarted(b, false));
        assertEquals(actions(SessionAction.openStream(answer)), machine.streamGranted(answer));
        assertEquals(actions(SessionAction.sendOnStream(Arrays.asList(a, b), "tcp-2")), machine.streamOpened("tcp-2"));
        assertSame(answer, machine.streamed());

        SessionStateMachine<Call, String> refusedOnceOpen = machine(true);
        refusedOnceOpen.opened(ticket, false);
        refusedOnceOpen.streamOpened("tcp");
        refusedOnceOpen.streamRefused("tcp", Collections.<Call>emptyList());
        assertEquals(SessionState.STREAM_LOST, refusedOnceOpen.state(), "the other order ends the same way");
        assertEquals(actions(SessionAction.negotiate()), refusedOnceOpen.callStarted(a, false));

        SessionStateMachine<Call, String> explicit = machine(true);
        explicit.opened(ticket, true);
        assertEquals(actions(SessionAction.forgetTicket(), SessionAction.negotiate()), explicit.streamOpenFailed(),
                "a session opened to negotiate at once negotiates again at once");
        assertEquals(SessionState.NEGOTIATING, explicit.state());
    }

    @Test
    void aFreshStreamRefusedAfterBeingGrantedHandsItsCallsToSoap() {
        streaming(answer);
        assertEquals(actions(SessionAction.forgetTicket(), SessionAction.closeStream("tcp"),
                SessionAction.sendOverSoap(Arrays.asList(a, b))), machine.streamRefused("tcp", Arrays.asList(a, b)));
        assertEquals(SessionState.SOAP, machine.state());
    }

    @Test
    void callsHandedBackByAnOlderStreamTakeTheCurrentRoad() {
        streaming(answer);
        assertEquals(actions(SessionAction.sendOnStream(list(a), "tcp")), machine.streamRefused("old", list(a)));
        assertEquals(SessionState.STREAMING, machine.state());
    }

    @Test
    void callsHandedBackByAnOlderStreamWaitWithTheOthersWhileTheSessionNegotiates() {
        offerWithWaiting(b);
        assertEquals(actions(), machine.streamRefused("old", list(c)));
        machine.streamGranted(answer);
        assertEquals(actions(SessionAction.sendOnStream(Arrays.asList(b, c), "tcp")), machine.streamOpened("tcp"));
    }

    @Test
    void anAnswerThatResumesACachedTicketReopensItLikeATicket() {
        offerWithWaiting(b);
        assertEquals(actions(SessionAction.openStream(ticket)), machine.streamGranted(ticket));
        assertEquals(SessionState.RESUMING, machine.state());
        assertEquals(actions(SessionAction.forgetTicket(), SessionAction.negotiate()), machine.streamOpenFailed());
    }

    @Test
    void handedBackCallsWaitBeyondTheLimitOfNewCalls() {
        streaming(ticket);
        Call e = call("e");
        machine.streamRefused("tcp", Arrays.asList(a, b, c, d, e));
        machine.streamGranted(answer);
        assertEquals(actions(SessionAction.sendOnStream(Arrays.asList(a, b, c, d, e), "tcp-2")),
                machine.streamOpened("tcp-2"));
    }

    @Test
    void aLostStreamCostsItsTicketAndTheNextCallNegotiatesAgain() {
        streaming(answer);
        assertEquals(actions(SessionAction.forgetTicket(), SessionAction.closeStream("tcp")),
                machine.streamLost("tcp", Collections.<Call>emptyList()));
        assertEquals(SessionState.STREAM_LOST, machine.state());
        assertEquals(actions(SessionAction.negotiate()), machine.callStarted(a, false));
        assertEquals(actions(), machine.callStarted(b, false));
        assertEquals(actions(SessionAction.sendOverSoap(Arrays.asList(a, b))), machine.streamDeclined());
    }

    @Test
    void theLastStreamIsShownWhileItIsReplacedAndNoLongerOnceTheSessionFellBackToSoap() {
        assertNull(machine.streamed(), "nothing streamed yet");
        streaming(ticket);
        assertSame(ticket, machine.streamed());
        machine.streamRefused("tcp", Collections.<Call>emptyList());
        machine.callStarted(a, false);
        assertSame(ticket, machine.streamed(), "negotiating a replacement");
        machine.negotiationFailed("no answer");
        assertNull(machine.streamed(), "on SOAP");
    }

    @Test
    void aFreshStreamRefusedIsNoLongerShown() {
        streaming(answer);
        machine.streamRefused("tcp", Collections.<Call>emptyList());
        assertNull(machine.streamed());
    }

    @Test
    void callsReleasedOntoAStreamLostMeanwhileWaitForANewNegotiation() {
        streaming(answer);
        assertEquals(actions(SessionAction.forgetTicket(), SessionAction.closeStream("tcp"), SessionAction.negotiate()),
                machine.streamLost("tcp", Arrays.asList(a, b)));
        assertEquals(SessionState.NEGOTIATING, machine.state());
    }

    @Test
    void aCallOfAnotherCallerGoesOverSoapAloneAndTheStreamStaysForTheSessionsCaller() {
        streaming(ticket);
        assertEquals(actions(SessionAction.sendOverSoap(List.of(a))), machine.callerChanged("tcp", a, "headers 1"));
        assertEquals(actions(SessionAction.sendOverSoap(List.of(b))), machine.callerChanged("tcp", b, "headers 2"));
        assertEquals(SessionState.STREAMING, machine.state());
        assertEquals(actions(SessionAction.sendOnStream(List.of(c), "tcp")), machine.callStarted(c, false));
    }

    @Test
    void theSameOtherCallerTwiceOffersItsOwnSessionOverSoapAtOnceAndTheStreamGoesWithItsTicket() {
        streaming(ticket);
        machine.callerChanged("tcp", a, "headers 1");
        assertEquals(actions(SessionAction.forgetTicket(), SessionAction.closeStream("tcp"),
                SessionAction.sendWithOffer(b)), machine.callerChanged("tcp", b, "headers 1"));
        assertEquals(SessionState.NEGOTIATING, machine.state());
        assertNull(machine.streamed());
    }

    @Test
    void anotherCallerSeenOnALostStreamIsNotCountedOnTheNextOne() {
        streaming(answer);
        machine.callerChanged("tcp", a, "headers 1");
        machine.streamLost("tcp", Collections.<Call>emptyList());
        machine.callStarted(b, false);
        machine.streamGranted(answer);
        machine.streamOpened("tcp-2");
        assertEquals(actions(SessionAction.sendOverSoap(List.of(c))), machine.callerChanged("tcp-2", c, "headers 1"));
        assertEquals(SessionState.STREAMING, machine.state());
    }

    @Test
    void aCallOfTheSessionsCallerWhoseHeadersChangeItGoesOverSoapAloneHoweverOftenItComes() {
        streaming(ticket);
        assertEquals(actions(SessionAction.sendOverSoap(List.of(a))), machine.callerChanged("tcp", a, null));
        assertEquals(actions(SessionAction.sendOverSoap(List.of(b))), machine.callerChanged("tcp", b, null));
        assertEquals(SessionState.STREAMING, machine.state());
        assertEquals(actions(SessionAction.sendOnStream(List.of(c), "tcp")), machine.callStarted(c, false));
    }

    @Test
    void aCallInDoubtThatLeavesAsAnotherCallerFailsRatherThanGoOverSoap() {
        streaming(grant(false, 60_000, NODE_B));
        a.inDoubt = true;
        b.inDoubt = true;
        machine.streamFailedOver("tcp", Arrays.asList(a, b));
        machine.streamOpened("tcp@b");

        assertEquals(actions(SessionAction.failCalls(list(a), Failure.STREAM_LOST)),
                machine.callerChanged("tcp@b", a, "headers 1"), "it may have run on the lost stream's node");
        assertEquals(actions(SessionAction.failCalls(list(b), Failure.STREAM_LOST)),
                machine.callerChanged("tcp@b", b, null));
        assertEquals(SessionState.STREAMING, machine.state());
        assertEquals(actions(SessionAction.sendOverSoap(List.of(c))), machine.callerChanged("tcp@b", c, "headers 2"),
                "a call that never left goes over SOAP as before");
    }

    @Test
    void theLossOfAnOlderStreamChangesNothing() {
        streaming(answer);
        assertEquals(actions(), machine.streamLost("old", Collections.<Call>emptyList()));
        assertEquals(SessionState.STREAMING, machine.state());
    }

    @Test
    void closingDuringTheNegotiationFailsTheWaitingCallsAndIgnoresTheLateAnswer() {
        offerWithWaiting(b, c);
        assertEquals(actions(SessionAction.failCalls(Arrays.asList(b, c), Failure.SESSION_CLOSED)),
                machine.closeRequested());
        assertEquals(SessionState.CLOSED, machine.state());
        assertEquals(actions(), machine.streamGranted(answer));
        assertEquals(actions(), machine.streamDeclined());
        assertEquals(actions(), machine.negotiationFailed("no answer"));
    }

    @Test
    void aStreamThatConnectsAfterCloseIsClosedAtOnce() {
        offerWithWaiting(b);
        machine.streamGranted(answer);
        machine.closeRequested();
        assertEquals(actions(SessionAction.closeStream("tcp")), machine.streamOpened("tcp"));
        assertNull(machine.stream());
    }

    @Test
    void closingWhileAStreamIsReopenedFromATicketFailsTheCallsWaitingForIt() {
        machine.opened(ticket, false);
        machine.callStarted(a, false);
        assertEquals(actions(SessionAction.failCalls(list(a), Failure.SESSION_CLOSED)), machine.closeRequested());
    }

    @Test
    void closingASessionWithoutStreamDoesNothingElse() {
        assertEquals(actions(), machine.closeRequested());
        SessionStateMachine<Call, String> soapOnly = machine(false);
        assertEquals(actions(), soapOnly.closeRequested());
        assertEquals(SessionState.CLOSED, soapOnly.state());
    }

    @Test
    void aStreamThatFailsToConnectAfterCloseStillCostsItsTicket() {
        machine.opened(ticket, false);
        machine.closeRequested();
        assertEquals(actions(SessionAction.forgetTicket()), machine.streamOpenFailed());
    }

    @Test
    void closingANegotiatedStreamKeepsItsTicketFor90PercentOfItsValidity() {
        streaming(answer);
        assertEquals(actions(SessionAction.closeStream("tcp"), SessionAction.storeTicket(answer, 54_000)),
                machine.closeRequested());
    }

    @Test
    void closingAStreamOpenedFromATicketKeepsTheTicketFor90PercentOfItsValidityToo() {
        streaming(ticket);
        assertEquals(actions(SessionAction.closeStream("tcp"), SessionAction.storeTicket(ticket, 18_000)),
                machine.closeRequested());
    }

    @Test
    void closingALostStreamKeepsNoTicket() {
        streaming(answer);
        machine.streamLost("tcp", Collections.<Call>emptyList());
        assertEquals(actions(), machine.closeRequested());
    }

    @Test
    void callsAndHandedBackCallsFailOnceClosedAndClosingAgainDoesNothing() {
        streaming(answer);
        machine.closeRequested();
        assertEquals(actions(), machine.closeRequested());
        assertEquals(actions(SessionAction.failCalls(list(a), Failure.SESSION_CLOSED)), machine.callStarted(a, false));
        assertEquals(actions(SessionAction.failCalls(list(b), Failure.SESSION_CLOSED)),
                machine.streamRefused("tcp", list(b)));
        assertEquals(actions(SessionAction.failCalls(list(c), Failure.SESSION_CLOSED)),
                machine.streamLost("tcp", list(c)));
    }

    /** The first call {@code a} is out with the offer; {@code waiting} were made after it. */
    @Test
    void aStreamLostAfterItsServerAcceptedItReopensAtTheNextEndpointWithItsUnansweredCalls() {
        StreamGrant twoNodes = grant(false, 60_000, NODE_B);
        streaming(twoNodes);
        a.inDoubt = true;

        List<SessionAction<Call, String>> failover = machine.streamFailedOver("tcp", list(a));
        assertEquals(SessionState.RESUMING, machine.state(), "no negotiation: the same session, another node");
        assertEquals(SessionAction.closeStream("tcp"), failover.get(0));
        assertEquals(SessionAction.Kind.OPEN_STREAM, failover.get(1).kind());
        assertEquals(NODE_B, failover.get(1).grant().endpoint());
        assertEquals(2, failover.size(), "the call in doubt waits for the new stream");
        assertEquals(actions(), machine.callStarted(b, false), "so does a new call");

        assertEquals(actions(SessionAction.sendOnStream(Arrays.asList(a, b), "tcp@b")), machine.streamOpened("tcp@b"));
        assertEquals(NODE_B, machine.streamed().endpoint());
    }

    @Test
    void aStreamThatCannotOpenAtTheNextEndpointTriesTheOneAfter() {
        StreamGrant threeNodes = grant(false, 60_000, NODE_B, NODE_C);
        streaming(threeNodes);
        machine.streamFailedOver("tcp", list(a));

        List<SessionAction<Call, String>> next = machine.streamOpenFailed();
        assertEquals(1, next.size());
        assertEquals(NODE_C, next.get(0).grant().endpoint());
        assertEquals(SessionState.RESUMING, machine.state());
    }

    @Test
    void whenEveryEndpointFailedTheCallsInDoubtFailAndTheOthersWaitForANewNegotiation() {
        streaming(grant(false, 60_000, NODE_B));
        a.inDoubt = true;
        machine.streamFailedOver("tcp", list(a));
        machine.callStarted(b, false);

        assertEquals(actions(SessionAction.failCalls(list(a), Failure.STREAM_LOST), SessionAction.forgetTicket(),
                SessionAction.negotiate()), machine.streamOpenFailed(),
                "another session could run the call again: it fails instead");
        assertEquals(SessionState.NEGOTIATING, machine.state());
        assertEquals(actions(SessionAction.sendOverSoap(list(b))), machine.negotiationFailed("no answer"),
                "the call that was never sent takes today's road");
    }

    @Test
    void aSingleNodeSessionLosesItsStreamAndItsCallsInDoubtFail() {
        streaming(answer);
        a.inDoubt = true;

        assertEquals(actions(SessionAction.closeStream("tcp"), SessionAction.forgetTicket(),
                SessionAction.failCalls(list(a), Failure.STREAM_LOST)), machine.streamFailedOver("tcp", list(a)));
        assertEquals(SessionState.STREAM_LOST, machine.state());
    }

    @Test
    void callsMadeWhileAProposingOfferIsOutGoOnTheEarlyStreamWhichTheGrantKeeps() {
        StreamGrant proposal = proposal(7);
        assertEquals(actions(SessionAction.sendWithOffer(a)), machine.callStarted(a, false));
        assertEquals(true, machine.streamProposed(proposal));
        assertEquals(actions(), machine.callStarted(b, false), "a call waits while the early stream connects");
        assertEquals(null, machine.streamed(), "no stream carries calls yet: the session shows SOAP");
        assertEquals(actions(SessionAction.sendOnStream(list(b), "early")),
                machine.earlyStreamConnected(proposal, "early"));
        assertEquals(proposal, machine.streamed(), "the early stream carries the calls: the session shows it");
        assertEquals(actions(SessionAction.sendOnStream(list(c), "early")), machine.callStarted(c, false));
        assertEquals(SessionState.NEGOTIATING, machine.state());

        assertEquals(actions(), machine.streamGranted(answering(proposal)));
        assertEquals(SessionState.STREAMING, machine.state());
        assertEquals("early", machine.stream());
        assertEquals(actions(SessionAction.sendOnStream(list(d), "early")), machine.callStarted(d, false));
    }

    @Test
    void theEarlyStreamAtAnAlternativeOfTheAnswerFailsOverToTheEndpointAfterIt() throws Exception {
        ResumptionTicket answered = ResumptionTicket.of(SessionId.of(new byte[16]), SessionToken.fromBytes(new byte[32]),
                StreamEndpoint.of("127.0.0.1", 9), HhfrUris.REPRESENTATION_BINARY, HhfrUris.TRANSPORT_TCP,
                ReliabilityPolicy.defaults(), Arrays.asList(NODE_B, NODE_C));
        StreamGrant proposal = StreamGrant.proposing(ResumptionTicket.of(answered.sessionId(), answered.token(),
                NODE_B, HhfrUris.REPRESENTATION_BINARY, HhfrUris.TRANSPORT_TCP, ReliabilityPolicy.defaults()), false);
        onEarlyStream(proposal);
        machine.streamGranted(new StreamGrant(answered, false, 1));
        assertEquals(SessionState.STREAMING, machine.state());
        assertEquals(NODE_B, machine.streamed().endpoint(), "the stream runs where it was proposed");

        List<SessionAction<Call, String>> failover = machine.streamFailedOver("early", list(a));
        assertEquals(SessionAction.Kind.OPEN_STREAM, failover.get(1).kind());
        assertEquals(NODE_C, failover.get(1).grant().endpoint(), "the next endpoint, not the lost one again");
    }

    @Test
    void aCallThatLeavesTheEarlyStreamGoesOverSoapInsteadOfBackOntoIt() {
        StreamGrant proposal = proposal(7);
        onEarlyStream(proposal);
        assertEquals(actions(SessionAction.sendOverSoap(list(b))), machine.callerChanged("early", b, null));
        assertEquals(actions(SessionAction.sendOverSoap(list(c))), machine.callerChanged("early", c, "headers 1"));
        assertEquals(SessionState.NEGOTIATING, machine.state());
        assertEquals(actions(SessionAction.sendOnStream(list(d), "early")), machine.callStarted(d, false));
    }

    @Test
    void anAnswerWantingEncryptedStreamsDoesNotGrantACleartextEarlyStreamItsCallsWaitForTheGrantedOne() {
        StreamGrant proposal = proposal(7);
        StreamGrant encrypted = StreamGrant.answered(proposal.ticket, 1, true);
        onEarlyStream(proposal);

        assertEquals(actions(SessionAction.abandonStream("early"), SessionAction.openStream(encrypted)),
                machine.streamGranted(encrypted));
        assertEquals(actions(), machine.streamRefused("early", list(a)), "the handed back call waits");
        assertEquals(actions(SessionAction.sendOnStream(list(a), "tls")), machine.streamOpened("tls"));

        SessionStateMachine<Call, String> https = machine(true);
        StreamGrant encryptedProposal = StreamGrant.proposing(ticketOf(9), true);
        https.callStarted(b, false);
        https.streamProposed(encryptedProposal);
        https.earlyStreamConnected(encryptedProposal, "early");
        assertEquals(actions(), https.streamGranted(StreamGrant.answered(encryptedProposal.ticket, 1, true)),
                "an encrypted early stream is granted");
    }

    @Test
    void anAnswerGrantingAnotherSessionAbandonsTheEarlyStreamAndItsCallsWaitForTheGrantedOne() {
        StreamGrant proposal = proposal(7);
        StreamGrant other = answering(proposal(8));
        onEarlyStream(proposal);
        machine.callStarted(b, false);

        assertEquals(actions(SessionAction.abandonStream("early"), SessionAction.openStream(other)),
                machine.streamGranted(other));
        assertEquals(actions(), machine.streamRefused("early", list(b)), "the handed back call waits");
        assertEquals(actions(SessionAction.sendOnStream(list(b), "tcp")), machine.streamOpened("tcp"));
    }

    @Test
    void aDeclineAbandonsTheEarlyStreamAndItsCallsGoOverSoap() {
        StreamGrant proposal = proposal(7);
        onEarlyStream(proposal);
        machine.callStarted(b, false);

        assertEquals(actions(SessionAction.abandonStream("early")), machine.streamDeclined());
        assertEquals(null, machine.streamed(), "declined: the session shows SOAP again");
        assertEquals(actions(SessionAction.sendOverSoap(list(b))), machine.streamRefused("early", list(b)));
    }

    @Test
    void anAnswerGrantingTheProposalBeforeItsStreamConnectedWaitsForItOrOpensItsOwn() {
        StreamGrant proposal = proposal(7);
        offerWithWaiting(b);
        machine.streamProposed(proposal);
        assertEquals(actions(), machine.streamGranted(answering(proposal)));
        assertEquals(SessionState.CONNECTING, machine.state());
        assertEquals(actions(SessionAction.sendOnStream(list(b), "early")),
                machine.earlyStreamConnected(proposal, "early"));
        assertEquals(SessionState.STREAMING, machine.state());

        SessionStateMachine<Call, String> other = machine(true);
        other.callStarted(a, false);
        other.streamProposed(proposal);
        StreamGrant granted = answering(proposal);
        other.streamGranted(granted);
        assertEquals(actions(SessionAction.openStream(granted)), other.earlyStreamConnected(proposal, null),
                "the early stream did not open, though its endpoint took the connection: the granted one opens the"
                        + " ordinary way");
    }

    @Test
    void aGrantWhereTheProposedSessionsStreamCouldNotConnectFallsBackToSoapWithoutDiallingThereAgain() {
        StreamGrant proposal = proposal(7);
        assertEquals(actions(SessionAction.negotiate()), machine.callStarted(a, true));
        machine.streamProposed(proposal);
        assertEquals(actions(), machine.streamGranted(answering(proposal)), "the granted early stream still connects");
        assertEquals(actions(SessionAction.forgetTicket(), SessionAction.sendOverSoap(list(a))),
                machine.earlyStreamUnreachable(proposal));
        assertEquals(SessionState.SOAP, machine.state());

        SessionStateMachine<Call, String> answeredLater = machine(true);
        answeredLater.callStarted(a, true);
        answeredLater.streamProposed(proposal);
        assertEquals(actions(), answeredLater.earlyStreamUnreachable(proposal), "the call waits for the answer");
        assertEquals(actions(), answeredLater.callStarted(b, true));
        assertEquals(actions(SessionAction.forgetTicket(), SessionAction.sendOverSoap(Arrays.asList(a, b))),
                answeredLater.streamGranted(answering(proposal(8))), "another session at the same endpoint");
        assertEquals(SessionState.SOAP, answeredLater.state());
    }

    @Test
    void aProposalWhoseStreamCouldNotConnectLeavesGrantsElsewhereAndLaterAnswersToOpenTheOrdinaryWay() {
        StreamGrant proposal = proposal(7);
        StreamGrant elsewhere = new StreamGrant(ticketOf(7, NODE_B), false, 1);
        machine.callStarted(a, true);
        machine.streamProposed(proposal);
        machine.streamGranted(elsewhere);
        assertEquals(actions(SessionAction.openStream(elsewhere)), machine.earlyStreamUnreachable(proposal),
                "the proposed session granted at another endpoint");

        SessionStateMachine<Call, String> answeredLater = machine(true);
        answeredLater.callStarted(a, true);
        answeredLater.streamProposed(proposal);
        answeredLater.earlyStreamUnreachable(proposal);
        assertEquals(actions(SessionAction.sendOverSoap(list(a))), answeredLater.streamDeclined());
        now += OFFER_AGAIN;
        assertEquals(actions(SessionAction.sendWithOffer(b)), answeredLater.callStarted(b, false));
        assertEquals(actions(SessionAction.openStream(answer)), answeredLater.streamGranted(answer),
                "the next offer's grant of that endpoint is dialled: what failed to connect was the last offer's");
    }

    @Test
    void anEarlyStreamRefusedWhileTheOfferIsOutHandsItsCallsBackToWaitForTheAnswer() {
        StreamGrant proposal = proposal(7);
        onEarlyStream(proposal);
        machine.callStarted(b, false);

        assertEquals(actions(SessionAction.closeStream("early")), machine.streamRefused("early", list(b)),
                "the refused early stream closes, its handed back call waits");
        StreamGrant granted = answering(proposal);
        assertEquals(actions(SessionAction.openStream(granted)), machine.streamGranted(granted));
        assertEquals(actions(SessionAction.sendOnStream(list(b), "tcp")), machine.streamOpened("tcp"));
    }

    @Test
    void anEarlyStreamClosesWithItsCallsWhenTheOfferFailsOrTheSessionCloses() {
        StreamGrant proposal = proposal(7);
        onEarlyStream(proposal);
        assertEquals(actions(SessionAction.loseStream("early", "no answer")), machine.negotiationFailed("no answer"));
        assertEquals(SessionState.NEW, machine.state());

        SessionStateMachine<Call, String> closing = machine(true);
        closing.callStarted(a, false);
        closing.streamProposed(proposal);
        closing.earlyStreamConnected(proposal, "early");
        assertEquals(actions(SessionAction.closeStream("early")), closing.closeRequested());
        assertEquals(actions(SessionAction.abandonStream("late")), closing.earlyStreamConnected(proposal, "late"),
                "a stream connecting when the session closed is given up at once");
    }

    @Test
    void theEarlyStreamOfAFailedOfferNeverCarriesTheCallsOfTheNextOffer() {
        StreamGrant failed = proposal(7);
        machine.callStarted(a, false);
        machine.streamProposed(failed);
        assertEquals(actions(), machine.negotiationFailed("no answer"), "its stream still connects");
        StreamGrant next = proposal(8);
        assertEquals(actions(SessionAction.sendWithOffer(b)), machine.callStarted(b, false));
        machine.streamProposed(next);
        machine.callStarted(c, false);

        assertEquals(actions(SessionAction.abandonStream("failed")), machine.earlyStreamConnected(failed, "failed"),
                "the failed offer's server may have stored its session: the stream is given up unused");
        assertEquals(actions(), machine.earlyStreamConnected(failed, null), "nor does its failure end the next");
        assertEquals(actions(SessionAction.sendOnStream(list(c), "next")), machine.earlyStreamConnected(next, "next"));
        assertEquals(actions(), machine.streamGranted(answering(next)));
        assertEquals("next", machine.stream());
    }

    @Test
    void aClientThatCanProposeTheSessionNegotiatesApartAndSendsEveryCallTheFirstIncludedOnTheEarlyStream() {
        StreamGrant proposal = proposal(7);
        assertEquals(actions(SessionAction.negotiate()), machine.callStarted(a, true));
        assertEquals(SessionState.NEGOTIATING, machine.state());
        assertEquals(actions(), machine.callStarted(b, true), "calls wait while the early stream connects");
        assertEquals(true, machine.streamProposed(proposal));
        assertEquals(actions(SessionAction.sendOnStream(Arrays.asList(a, b), "early")),
                machine.earlyStreamConnected(proposal, "early"));
        assertEquals(actions(SessionAction.sendOnStream(list(c), "early")), machine.callStarted(c, true));

        assertEquals(actions(), machine.streamGranted(answering(proposal)));
        assertEquals(SessionState.STREAMING, machine.state());
        assertEquals("early", machine.stream());
    }

    @Test
    void everyCallOfAProposalTheAnswerDidNotGrantTheFirstIncludedIsSentAgainTheWayTheAnswerSays() {
        StreamGrant proposal = proposal(7);
        machine.callStarted(a, true);
        machine.streamProposed(proposal);
        assertEquals(actions(SessionAction.sendOnStream(list(a), "early")),
                machine.earlyStreamConnected(proposal, "early"));
        assertEquals(actions(SessionAction.abandonStream("early")), machine.streamDeclined());
        assertEquals(actions(SessionAction.sendOverSoap(list(a))), machine.streamRefused("early", list(a)));

        SessionStateMachine<Call, String> other = machine(true);
        other.callStarted(a, true);
        other.streamProposed(proposal);
        other.earlyStreamConnected(proposal, "early");
        StreamGrant granted = answering(proposal(8));
        assertEquals(actions(SessionAction.abandonStream("early"), SessionAction.openStream(granted)),
                other.streamGranted(granted));
        assertEquals(actions(), other.streamRefused("early", list(a)), "the first call waits for the granted stream");
        assertEquals(actions(SessionAction.sendOnStream(list(a), "tcp")), other.streamOpened("tcp"));
    }

    /** The first stream of a session this client proposes, with an id of {@code id} bytes. */
    private static StreamGrant proposal(int id) {
        return StreamGrant.proposing(ticketOf(id), false);
    }

    /** An answer granting the session {@code proposal} names. */
    private static StreamGrant answering(StreamGrant proposal) {
        return new StreamGrant(proposal.ticket, false, 1);
    }

    private static ResumptionTicket ticketOf(int id) {
        return ticketOf(id, StreamEndpoint.of("127.0.0.1", 9));
    }

    /** A TCP session at {@code endpoint}, with an id of {@code id} bytes. */
    private static ResumptionTicket ticketOf(int id, StreamEndpoint endpoint) {
        byte[] bytes = new byte[16];
        Arrays.fill(bytes, (byte) id);
        try {
            return ResumptionTicket.of(SessionId.of(bytes), SessionToken.fromBytes(new byte[32]), endpoint,
                    HhfrUris.REPRESENTATION_BINARY, HhfrUris.TRANSPORT_TCP, ReliabilityPolicy.defaults());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private void offerWithWaiting(Call... waiting) {
        machine.callStarted(a, false);
        for (Call call : waiting) {
            assertEquals(actions(), machine.callStarted(call, false));
        }
    }

    /** Streams on "tcp", opened from {@code grant}. */
    /** The first call {@code a} is out with the offer proposing {@code proposal}, whose stream "early" connected. */
    private void onEarlyStream(StreamGrant proposal) {
        machine.callStarted(a, false);
        machine.streamProposed(proposal);
        machine.earlyStreamConnected(proposal, "early");
    }

    private void streaming(StreamGrant grant) {
        if (grant.fromTicket) {
            machine.opened(grant, false);
        } else {
            machine.opened(null, true);
            machine.streamGranted(grant);
        }
        machine.streamOpened("tcp");
        assertEquals(SessionState.STREAMING, machine.state());
    }

    private SessionStateMachine<Call, String> machine(boolean streamsWanted) {
        return machine(streamsWanted, OFFER_AGAIN);
    }

    private SessionStateMachine<Call, String> machine(boolean streamsWanted, long offerAgainAfter) {
        return new SessionStateMachine<>(streamsWanted, MAX_WAITING, clock, call -> call.deadline,
                call -> call.cancelled, call -> call.inDoubt, offerAgainAfter);
    }

    private Call call(String name) {
        return new Call(name, now + TIMEOUT);
    }

    @SafeVarargs
    private static List<SessionAction<Call, String>> actions(SessionAction<Call, String>... actions) {
        return Arrays.asList(actions);
    }

    private static List<Call> list(Call call) {
        return Collections.singletonList(call);
    }

    private static StreamGrant grant(boolean fromTicket, long validForMillis, StreamEndpoint... alternatives) {
        try {
            ResumptionTicket ticket = ResumptionTicket.of(SessionId.of(new byte[16]),
                    SessionToken.fromBytes(new byte[32]), StreamEndpoint.of("127.0.0.1", 9),
                    HhfrUris.REPRESENTATION_BINARY, HhfrUris.TRANSPORT_TCP,
                    ReliabilityPolicy.defaults().toBuilder().validForMillis(validForMillis).build(),
                    Arrays.asList(alternatives));
            return new StreamGrant(ticket, fromTicket, 1);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** A call: a name and a deadline on the virtual clock. */
    private static final class Call {
        final String name;
        final long deadline;
        /** Sent on a stream that was lost before it was answered. */
        boolean inDoubt;
        /** Cancelled by the app. */
        boolean cancelled;

        Call(String name, long deadline) {
            this.name = name;
            this.deadline = deadline;
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
