package org.hhfr.transports.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.AckFrame;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.frame.SignalFrame;
import org.junit.jupiter.api.Test;

class ReliabilityEngineTest {
    private static final ReliabilityConfig STREAM = ReliabilityConfig.forStream().toBuilder().ackPolicy(5, 8).build();
    private static final ReliabilityConfig DATAGRAM = ReliabilityConfig.forDatagrams(300).toBuilder().ackPolicy(5, 8)
            .rtoJitter(0).build();

    @Test
    void aMessageIsDeliveredAndAcknowledgedWhenTheAckDelayExpires() throws WireException {
        Wire wire = new Wire(STREAM);
        long number = wire.a.offer(bytes(1, 2, 3), 4, 0);
        wire.deliver(wire.drain(wire.a), wire.b);

        DeliveredMessage message = wire.b.poll();
        assertEquals(1, number);
        assertEquals(1, message.messageNumber());
        assertEquals(4, message.operation());
        assertArrayEquals(bytes(1, 2, 3), message.payload());
        assertTrue(wire.drain(wire.b).isEmpty(), "acknowledgement waits for the delay");
        assertEquals(wire.now + TimeUnit.MILLISECONDS.toNanos(5), wire.b.nextDeadline());

        wire.tickAtDeadline(wire.b);
        assertEquals(List.of("ACK 1-1 limit 257"), Wire.describe(wire.drain(wire.b)));
    }

    @Test
    void acknowledgementsAreSentAtOnceAfterAckEveryArrivals() throws WireException {
        Wire wire = new Wire(STREAM.toBuilder().ackPolicy(5, 2).build());
        wire.a.offer(bytes(1));
        wire.a.offer(bytes(2));
        wire.deliver(wire.drain(wire.a), wire.b);

        assertEquals(List.of("ACK 1-2 limit 258"), Wire.describe(wire.drain(wire.b)));
    }

    @Test
    void overDatagramsAnAckReportsHowLongItWasHeldAndComesAfterTwoFullDatagramsWorth() throws WireException {
        ReliabilityConfig config = ReliabilityConfig.forDatagrams(300);
        Wire wire = new Wire(config);
        wire.a.offer(bytes(1));
        wire.deliver(wire.drain(wire.a), wire.b);
        wire.tickAtDeadline(wire.b);
        assertEquals(List.of("ACK 1-1 limit 257 delay 25000us"), Wire.describe(wire.drain(wire.b)));

        wire.a.offer(new byte[2 * config.fragmentPayloadSize()]);
        wire.deliver(wire.drain(wire.a), wire.b);
        assertEquals(List.of("ACK 1-3 limit 259 delay 0us"), Wire.describe(wire.drain(wire.b)),
                "two full fragments are acknowledged at once");
    }

    @Test
    void overDatagramsEverySecondFullDatagramIsAcknowledgedForTheFirstHundredThenEveryFourth()
            throws WireException {
        ReliabilityConfig config = ReliabilityConfig.forDatagrams(300);
        Wire wire = new Wire(config);
        byte[] full = new byte[config.fragmentPayloadSize()];
        long number = 1;
        for (int pair = 0; pair < InboundSequence.QUICK_ACK_DATAGRAMS / 2; pair++) {
            wire.deliver(List.of(DataFrame.first(number++, 0, 0, false, full)), wire.b);
            assertTrue(wire.drain(wire.b).isEmpty(), "the first of a pair waits, at " + number);
            wire.deliver(List.of(DataFrame.first(number++, 0, 0, false, full)), wire.b);
            assertEquals(1, wire.drain(wire.b).size(), "the second is acknowledged at once, at " + number);
        }
        for (int i = 0; i < 3; i++) {
            wire.deliver(List.of(DataFrame.first(number++, 0, 0, false, full)), wire.b);
            assertTrue(wire.drain(wire.b).isEmpty(), "past the first hundred, fewer than four wait");
        }
        wire.deliver(List.of(DataFrame.first(number, 0, 0, false, full)), wire.b);
        assertEquals(List.of("ACK 1-104 limit 360 delay 0us"), Wire.describe(wire.drain(wire.b)),
                "the fourth is acknowledged at once");
    }

    @Test
    void theHundredAndFirstFullDatagramIsPastTheQuickAcknowledgements() throws WireException {
        ReliabilityConfig config = ReliabilityConfig.forDatagrams(300);
        Wire wire = new Wire(config);
        byte[] full = new byte[config.fragmentPayloadSize()];
        wire.deliver(List.of(DataFrame.first(1, 0, 0, false, full)), wire.b);
        wire.tickAtDeadline(wire.b);
        assertEquals(1, wire.drain(wire.b).size(), "the first one, alone, is acknowledged after the delay");
        long number = 2;
        while (number < InboundSequence.QUICK_ACK_DATAGRAMS) {
            wire.deliver(List.of(DataFrame.first(number++, 0, 0, false, full)), wire.b);
            wire.deliver(List.of(DataFrame.first(number++, 0, 0, false, full)), wire.b);
            assertEquals(1, wire.drain(wire.b).size(), "every second one is acknowledged at once, at " + number);
        }
        for (int i = 0; i < 3; i++) {
            wire.deliver(List.of(DataFrame.first(number++, 0, 0, false, full)), wire.b);
            assertTrue(wire.drain(wire.b).isEmpty(), "the hundredth and the two after it wait, at " + number);
        }
        wire.deliver(List.of(DataFrame.first(number, 0, 0, false, full)), wire.b);
        assertEquals(List.of("ACK 1-103 limit 359 delay 0us"), Wire.describe(wire.drain(wire.b)));
    }

    @Test
    void afterAPathChangeEverySecondFullDatagramIsAcknowledgedAgain() throws WireException {
        ReliabilityConfig config = ReliabilityConfig.forDatagrams(300);
        Wire wire = new Wire(config);
        byte[] full = new byte[config.fragmentPayloadSize()];
        long number = 1;
        while (number <= InboundSequence.QUICK_ACK_DATAGRAMS + 4) {
            wire.deliver(List.of(DataFrame.first(number++, 0, 0, false, full)), wire.b);
        }
        wire.drain(wire.b);
        wire.deliver(List.of(DataFrame.first(number++, 0, 0, false, full)), wire.b);
        wire.deliver(List.of(DataFrame.first(number++, 0, 0, false, full)), wire.b);
        assertTrue(wire.drain(wire.b).isEmpty(), "past the first hundred, a pair waits");
        wire.tickAtDeadline(wire.b);
        wire.drain(wire.b);

        wire.b.onPathChanged(wire.now);
        for (int i = 1; i <= InboundSequence.QUICK_ACK_DATAGRAMS + 4; i++) {
            wire.deliver(List.of(DataFrame.first(number++, 0, 0, false, full)), wire.b);
            int expected = i <= InboundSequence.QUICK_ACK_DATAGRAMS ? (i % 2 == 0 ? 1 : 0)
                    : (i == InboundSequence.QUICK_ACK_DATAGRAMS + 4 ? 1 : 0);
            assertEquals(expected, wire.drain(wire.b).size(), "acknowledgements after datagram " + i
                    + " on the new path: every second for a hundred, then every fourth");
        }
    }

    @Test
    void aNewPathStartsTheWindowAndTheProbeTimeoutOver() throws WireException {
        Wire wire = new Wire(DATAGRAM);
        long initialWindow = wire.a.congestionWindow();
        for (int i = 0; i < 4; i++) {
            wire.a.offer(bytes(i));
        }
        wire.deliver(wire.drain(wire.a), wire.b);
        wire.now += TimeUnit.MILLISECONDS.toNanos(20);
        wire.tickAtDeadline(wire.b);
        wire.deliver(wire.drain(wire.b), wire.a);
        assertTrue(wire.a.congestionWindow() > initialWindow, "slow start grew the window");

        wire.a.offer(bytes(9));
        wire.drain(wire.a);
        long sentAt = wire.now;
        assertTrue(wire.a.nextDeadline() - sentAt < TimeUnit.MILLISECONDS.toNanos(500), "a sampled timeout");
        wire.a.onPathChanged(wire.now);
        assertEquals(initialWindow, wire.a.congestionWindow());
        wire.a.offer(bytes(10));
        wire.drain(wire.a);
        assertEquals(TimeUnit.MILLISECONDS.toNanos(500), wire.a.nextDeadline() - wire.now, "the initial timeout");
    }

    @Test
    void aResumedPathStartsTheWindowFromItsEstimateOnlyBeforeAnythingWasSent() {
        PathEstimate lan = PathEstimate.of(100_000_000, TimeUnit.MILLISECONDS.toNanos(10));
        Wire fresh = new Wire(DATAGRAM);
        long initialWindow = fresh.a.congestionWindow();
        assertTrue(fresh.a.resumePath(lan));
        assertTrue(fresh.a.congestionWindow() > initialWindow, "resumed from the estimate");

        Wire sent = new Wire(DATAGRAM);
        sent.a.offer(bytes(1));
        sent.drain(sent.a);
        assertFalse(sent.a.resumePath(lan), "ignored once something was sent");
        assertEquals(initialWindow, sent.a.congestionWindow());
    }

    @Test
    void overDatagramsAFlightLimitHoldsFragmentsTheWindowAllowsUntilItIsLifted() {
        Wire wire = sixFragmentsLimitedToTwo();

        assertEquals(2, countDataFrames(wire.a), "held at the limit");
        assertTrue(wire.a.bytesInFlight() < wire.a.congestionWindow(), "the window had room for more");
        wire.a.limitFlight(Long.MAX_VALUE);
        assertEquals(4, countDataFrames(wire.a), "the rest once lifted");
    }

    @Test
    void overDatagramsTheProbeTimeoutSendsNothingAtTheFlightLimit() {
        Wire wire = sixFragmentsLimitedToTwo();
        wire.drain(wire.a);

        wire.tickAtDeadline(wire.a);
        assertTrue(wire.drain(wire.a).stream().noneMatch(frame -> frame instanceof DataFrame), "no probe");
        wire.a.limitFlight(Long.MAX_VALUE);
        assertEquals(4, wire.drain(wire.a).stream().filter(frame -> frame instanceof DataFrame).count(),
                "the rest once lifted");
    }

    @Test
    void aNewPathResendsAtOnceWhatTheOldPathMayHaveLost() throws WireException {
        Wire wire = new Wire(DATAGRAM);
        long lost = wire.a.offer(bytes(3));
        wire.drain(wire.a);
        wire.now += TimeUnit.MILLISECONDS.toNanos(1);
        assertTrue(Wire.describe(wire.drain(wire.a)).isEmpty(), "nothing due before the timeout");

        wire.a.onPathChanged(wire.now);
        wire.deliver(wire.drain(wire.a), wire.b);

        assertEquals(lost, wire.b.poll().messageNumber());
    }

    @Test
    void ackRequestedIsAnsweredAtOnce() throws WireException {
        Wire wire = new Wire(STREAM);
        wire.b.receive(SignalFrame.ACK_REQUESTED, wire.now);

        assertEquals(List.of("ACK limit 256"), Wire.describe(wire.drain(wire.b)));
    }

    /**
     * Over datagrams an ACK that left without data (due by its delay, or asked for) goes again with the next DATA
     * of a later turn: were it lost, the peer would wait for its probe timeout to learn what arrived. One that left
     * with data in the same turn is not repeated, nor is anything over a stream.
     */
    @Test
    void anAcknowledgementSentAloneIsSentAgainWithTheNextDataOverDatagrams() throws WireException {
        for (ReliabilityConfig config : List.of(DATAGRAM, STREAM)) {
            Wire wire = new Wire(config);
            wire.a.offer(bytes(7));
            wire.deliver(wire.drain(wire.a), wire.b);
            wire.b.receive(SignalFrame.ACK_REQUESTED, wire.now);
            assertEquals(List.of("ACK"), kinds(wire.drain(wire.b)), "the ACK, lost");

            wire.advanceMillis(1);
            wire.b.offer(bytes(8));
            List<String> next = kinds(wire.drain(wire.b));
            assertEquals(config == DATAGRAM ? List.of("DATA", "ACK") : List.of("DATA"), next, config.link().name());

            wire.advanceMillis(1);
            wire.b.offer(bytes(9));
            assertEquals(List.of("DATA"), kinds(wire.drain(wire.b)), "repeated once");
        }
    }

    private static List<String> kinds(List<Frame> frames) {
        List<String> kinds = new ArrayList<>();
        for (Frame frame : frames) {
            kinds.add(frame.type().name());
        }
        return kinds;
    }

    /** A keep-alive PING asks for an acknowledgement, as QUIC's PING does: the idle peer learns what is held. */
    @Test
    void aPingIsAnsweredWithAnAcknowledgement() throws WireException {
        Wire wire = new Wire(STREAM);
        wire.b.receive(SignalFrame.PING, wire.now);

        assertEquals(List.of("ACK limit 256"), Wire.describe(wire.drain(wire.b)));
    }

    @Test
    void aResponseCarriesTheNumberOfTheRequestItAnswers() throws WireException {
        Wire wire = new Wire(STREAM);
        long request = wire.a.offer(bytes(7));
        wire.deliver(wire.drain(wire.a), wire.b);
        wire.b.offer(bytes(8), 0, wire.b.poll().messageNumber());
        wire.deliver(wire.drain(wire.b), wire.a);

        assertEquals(request, wire.a.poll().correlation());
    }

    @Test
    void aResponseTakesAlongTheAcknowledgementOfItsRequest() throws WireException {
        Wire wire = new Wire(STREAM);
        wire.a.offer(bytes(7));
        wire.deliver(wire.drain(wire.a), wire.b);
        assertTrue(wire.drain(wire.b).isEmpty(), "acknowledgement waits for the delay");

        wire.b.offer(bytes(8), 0, wire.b.poll().messageNumber());

        assertEquals(List.of("DATA 1 answers 1 (1 bytes)", "ACK 1-1 limit 257"), Wire.describe(wire.drain(wire.b)));
        assertTrue(wire.b.nextDeadline() > wire.now + TimeUnit.MILLISECONDS.toNanos(5),
                "no acknowledgement timer left");
    }

    @Test
    void aDuplicateIsDroppedAndAcknowledgedAtOnce() throws WireException {
        Wire wire = new Wire(STREAM);
        wire.a.offer(bytes(1));
        List<Frame> frames = wire.drain(wire.a);
        wire.deliver(frames, wire.b);
        wire.deliver(frames, wire.b);

        assertEquals(1, wire.b.poll().messageNumber());
        assertNull(wire.b.poll());
        assertEquals(1, wire.b.duplicatesDropped());
        assertEquals(List.of("ACK 1-1 limit 257"), Wire.describe(wire.drain(wire.b)));
    }

    @Test
    void earlyMessagesWaitForTheGapAndTheGapIsReportedAtOnce() throws WireException {
        Wire wire = new Wire(DATAGRAM);
        wire.a.offer(bytes(1));
        wire.a.offer(bytes(2));
        List<Frame> frames = wire.drain(wire.a);

        wire.deliver(frames.subList(1, 2), wire.b);
        assertNull(wire.b.poll());
        assertEquals(List.of("ACK 2-2 limit 256 delay 0us"), Wire.describe(wire.drain(wire.b)));

        wire.deliver(frames.subList(0, 1), wire.b);
        assertEquals(1, wire.b.poll().messageNumber());
        assertEquals(2, wire.b.poll().messageNumber());
    }

    @Test
    void theSendWindowBoundsFragmentsInFlightAndAsksForAnAcknowledgementWhenFull() {
        Wire wire = new Wire(STREAM.toBuilder().sendWindow(4).build());
        for (int i = 0; i < 10; i++) {
            wire.a.offer(bytes(i));
        }

        List<String> sent = Wire.describe(wire.drain(wire.a));

        assertEquals(5, sent.size());
        assertEquals("ACK_REQUESTED", sent.get(4));
        assertEquals(4, wire.a.inFlight());
    }

    @Test
    void manyFragmentsInFlightAreRetransmittedAndDeliveredInOrderAcrossAGap() throws WireException {
        Wire wire = new Wire(DATAGRAM);
        for (int i = 1; i <= 20; i++) {
            wire.a.offer(bytes(i));
        }
        List<Frame> sent = wire.drain(wire.a);
        List<Frame> allButThird = new ArrayList<>(sent.subList(0, 20));
        allButThird.remove(2);
        wire.deliver(allButThird, wire.b);
        wire.deliver(wire.drain(wire.b), wire.a);

        assertEquals(List.of("DATA 3 (1 bytes)"), Wire.describe(wire.drain(wire.a)).subList(0, 1));
        wire.deliver(List.of(sent.get(2)), wire.b);
        for (int i = 1; i <= 20; i++) {
            assertArrayEquals(bytes(i), wire.b.poll().payload(), "message " + i);
        }
        wire.tickAtDeadline(wire.b);
        wire.exchange();
        assertEquals(0, wire.a.inFlight());
    }

    @Test
    void offerRefusesWhenTheBufferIsFullAndReportsWritableOnceItDrainsToHalf() throws WireException {
        Wire wire = new Wire(STREAM.toBuilder().maxBuffered(4, 16L << 20).sendWindow(2).build());
        for (int i = 0; i < 4; i++) {
            assertTrue(wire.a.offer(bytes(i)) > 0);
        }
        assertEquals(ReliabilityEngine.REFUSED, wire.a.offer(bytes(9)));
        assertNull(wire.a.pollEvent());

        wire.exchange();
        while (wire.b.poll() != null) {
            wire.exchange();
        }
        wire.tickAtDeadline(wire.b);
        wire.exchange();

        assertEquals(EngineEvent.Kind.WRITABLE, wire.a.pollEvent().kind());
        assertTrue(wire.a.offer(bytes(9)) > 0);
    }

    @Test
    void aLaggingReceiverWithholdsCreditAndGrantsItWhenItsApplicationCatchesUp() throws WireException {
        Wire wire = new Wire(STREAM.toBuilder().initialCredit(32).build(),
                STREAM.toBuilder().maxReady(2, 1 << 20).receiveWindow(32).initialCredit(32).build());
        for (int i = 0; i < 100; i++) {
            wire.a.offer(bytes(i));
        }
        wire.exchange();
        wire.tickAtDeadline(wire.b);
        wire.exchange();

        assertEquals(32, countReady(wire.b), "only the initial credit: the ready queue filled at once");
        assertEquals(0, wire.a.inFlight());

        wire.exchange();
        assertEquals(64, 32 + countReady(wire.b), "the window update granted another receive window");
    }

    @Test
    void aLostMessageIsProbedAgainAfterTheProbeTimeoutWithExponentialBackoff() throws WireException {
        Wire wire = new Wire(DATAGRAM);
        wire.a.offer(bytes(1));
        wire.drain(wire.a);
        long sentAt = wire.now;

        wire.tickAtDeadline(wire.a);
        assertEquals(TimeUnit.MILLISECONDS.toNanos(500), wire.now - sentAt);
        assertEquals(List.of("DATA 1 (1 bytes)"), Wire.describe(wire.drain(wire.a)));

        long resentAt = wire.now;
        wire.tickAtDeadline(wire.a);
        assertEquals(TimeUnit.MILLISECONDS.toNanos(1000), wire.now - resentAt);
        wire.drain(wire.a);
        assertEquals(2, wire.a.retransmissions());
    }

    @Test
    void aMessageThreeBehindAnAcknowledgedOneIsRetransmittedWithoutWaitingForTheTimeout() throws WireException {
        Wire wire = new Wire(DATAGRAM);
        for (int i = 1; i <= 5; i++) {
            wire.a.offer(bytes(i));
        }
        List<Frame> sent = wire.drain(wire.a);
        wire.deliver(sent.subList(1, 5), wire.b);
        wire.deliver(wire.drain(wire.b), wire.a);

        assertEquals(List.of("DATA 1 (1 bytes)"), Wire.describe(wire.drain(wire.a)));
    }

    @Test
    void aDeadLinkEndsInFailureAfterMaxRetransmissionsAndThePeerIsTold() {
        Wire wire = new Wire(DATAGRAM.toBuilder().maxRetransmissions(2).build());
        wire.a.offer(bytes(1));
        wire.drain(wire.a);
        for (int i = 0; i < 2; i++) {
            wire.tickAtDeadline(wire.a);
            wire.drain(wire.a);
        }
        wire.tickAtDeadline(wire.a);

        EngineEvent failure = wire.a.pollEvent();
        assertEquals(EngineEvent.Kind.FAILED, failure.kind());
        assertEquals(ErrorCode.PEER_UNRESPONSIVE, failure.code());
        assertEquals("message 1 unacknowledged after 2 retransmissions", failure.reason());
        assertEquals(ReliabilityEngine.State.FAILED, wire.a.state());
        assertEquals(FrameType.ERROR, wire.a.pollTransmit(wire.now).type());
        assertNull(wire.a.pollTransmit(wire.now));
        assertEquals(ReliabilityEngine.NO_DEADLINE, wire.a.nextDeadline());
    }

    @Test
    void anAcknowledgementOfAnUnsentMessageFailsTheEngineAndAnErrorGoesBack() {
        Wire wire = new Wire(STREAM);

        WireException e = assertThrows(WireException.class,
                () -> wire.a.receive(AckFrame.of(new long[] {1, 5}, false, 40), wire.now));

        assertEquals(ErrorCode.SEQUENCE_VIOLATION, e.code());
        assertEquals(ReliabilityEngine.State.FAILED, wire.a.state());
        assertEquals("ERROR SEQUENCE_VIOLATION: " + e.reason(), wire.a.pollTransmit(wire.now).toString());
        assertThrows(IllegalStateException.class, () -> wire.a.offer(bytes(1)));
    }

    @Test
    void aMessageBeyondTheGrantedLimitIsAViolation() {
        Wire wire = new Wire(STREAM.toBuilder().initialCredit(32).build());

        WireException e = assertThrows(WireException.class,
                () -> wire.b.receive(DataFrame.first(33, 0, 0, false, bytes(1)), wire.now));
        assertTrue(e.reason().contains("beyond the granted limit 32"), e.reason());
    }

    @Test
    void theInitialCreditIsTheConfiguredOneNotAConstant() throws WireException {
        Wire wire = new Wire(STREAM.toBuilder().sendWindow(48).receiveWindow(48).initialCredit(48).build());

        wire.b.receive(DataFrame.first(48, 0, 0, false, bytes(1)), wire.now);
        WireException e = assertThrows(WireException.class,
                () -> wire.b.receive(DataFrame.first(49, 0, 0, false, bytes(1)), wire.now));
        assertTrue(e.reason().contains("beyond the granted limit 48"), e.reason());
        for (int i = 0; i < 100; i++) {
            wire.a.offer(bytes(i));
        }
        assertEquals(48, countDataFrames(wire.a), "a sender sends the initial credit before any acknowledgement");
    }

    @Test
    void aHandshakeFrameMustNotReachTheEngine() {
        Wire wire = new Wire(STREAM);
        HelloFrame hello = HelloFrame.create(false, SessionId.of(bytes(1)), 1,
                SessionKeys.fromToken(new byte[16]));

        assertThrows(WireException.class, () -> wire.b.receive(hello, wire.now));
    }

    @Test
    void aMessageLargerThanADatagramIsFragmentedAndReassembled() throws WireException {
        Wire wire = new Wire(DATAGRAM);
        byte[] payload = new byte[1000];
        Arrays.fill(payload, (byte) 7);
        long number = wire.a.offer(payload, 2, 0);
        List<Frame> fragments = wire.drain(wire.a);
        wire.deliver(fragments, wire.b);

        assertEquals(List.of("DATA 1 op 2 more (270 bytes)", "DATA 2 cont more (270 bytes)",
                "DATA 3 cont more (270 bytes)", "DATA 4 cont (190 bytes)"), Wire.describe(fragments));
        DeliveredMessage message = wire.b.poll();
        assertEquals(number, message.messageNumber());
        assertEquals(2, message.operation());
        assertArrayEquals(payload, message.payload());
        assertEquals(5, wire.a.nextMessageNumber(), "one number per fragment");
        assertEquals(5, wire.a.offer(bytes(1)));
    }

    @Test
    void bothSidesFinishGracefullyAfterCloseAndTerminate() throws WireException {
        Wire wire = new Wire(STREAM);
        wire.a.offer(bytes(1));
        wire.a.close();
        wire.b.offer(bytes(2));
        wire.b.close();
        wire.exchange();
        assertEquals(ReliabilityEngine.State.OPEN, wire.a.state(), "messages not yet polled");

        wire.a.poll();
        wire.b.poll();
        wire.exchange();

        assertEquals(List.of(EngineEvent.Kind.PEER_CLOSED, EngineEvent.Kind.FINISHED), kinds(wire.a));
        assertEquals(List.of(EngineEvent.Kind.PEER_CLOSED, EngineEvent.Kind.FINISHED), kinds(wire.b));
        assertEquals(ReliabilityEngine.State.FINISHED, wire.b.state());
        assertThrows(IllegalStateException.class, () -> wire.a.offer(bytes(3)));
    }

    @Test
    void aResumedStreamResendsOnlyWhatTheBrokenConnectionLostAndNothingArrivesTwice() throws WireException {
        Wire wire = new Wire(STREAM);
        for (int i = 1; i <= 6; i++) {
            wire.a.offer(bytes(i));
        }
        List<Frame> sent = wire.drain(wire.a);
        wire.deliver(sent.subList(0, 3), wire.b);
        wire.drain(wire.b);

        wire.a.onTransportReset(wire.now);
        wire.b.onTransportReset(wire.now);
        wire.exchange();

        List<Long> delivered = new ArrayList<>();
        DeliveredMessage message;
        while ((message = wire.b.poll()) != null) {
            delivered.add(message.messageNumber());
        }
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), delivered);
        assertEquals(3, wire.b.duplicatesDropped(), "1-3 were sent again before b's acknowledgement arrived");
    }

    @Test
    void atMostOnceAbandonsALostMessageAndDropsItIfItArrivesLate() throws WireException {
        ReliabilityConfig atMostOnce = DATAGRAM.toBuilder().assurance(DeliveryAssurance.AT_MOST_ONCE).build();
        Wire wire = new Wire(atMostOnce);
        wire.a.offer(bytes(1));
        wire.a.offer(bytes(2));
        List<Frame> sent = wire.drain(wire.a);

        wire.tickAtDeadline(wire.a);
        assertEquals(2, wire.a.abandoned());
        assertTrue(wire.drain(wire.a).isEmpty(), "nothing is retransmitted");

        wire.deliver(sent.subList(1, 2), wire.b);
        wire.deliver(sent.subList(0, 1), wire.b);
        assertEquals(2, wire.b.poll().messageNumber());
        assertNull(wire.b.poll());
    }

    @Test
    void silenceBringsAPingAndALongerSilenceFailsTheSession() {
        Wire wire = new Wire(STREAM.toBuilder().keepAliveMillis(1_000, 3_000).build());

        wire.tickAtDeadline(wire.a);
        assertEquals(List.of("PING"), Wire.describe(wire.drain(wire.a)));
        wire.tickAtDeadline(wire.a);
        wire.drain(wire.a);
        wire.tickAtDeadline(wire.a);

        assertEquals(ReliabilityEngine.State.FAILED, wire.a.state());
        assertTrue(wire.a.pollEvent().reason().startsWith("nothing received for 3000 ms"));
    }

    @Test
    void offerAfterCloseAndOversizedMessagesAreProgrammingErrors() {
        Wire wire = new Wire(STREAM.toBuilder().maxMessageSizes(10, 10).build());
        assertThrows(IllegalArgumentException.class, () -> wire.a.offer(new byte[11]));
        wire.a.close();
        assertThrows(IllegalStateException.class, () -> wire.a.offer(bytes(1)));
    }

    /** Over datagrams, six full fragments offered and a flight limit of two fragments' payload. */
    private static Wire sixFragmentsLimitedToTwo() {
        Wire wire = new Wire(DATAGRAM);
        int fragment = DATAGRAM.fragmentPayloadSize();
        for (int i = 0; i < 6; i++) {
            wire.a.offer(new byte[fragment]);
        }
        wire.a.limitFlight(2L * fragment);
        return wire;
    }

    private static int countDataFrames(ReliabilityEngine engine) {
        int count = 0;
        for (Frame frame = engine.pollTransmit(0); frame != null; frame = engine.pollTransmit(0)) {
            count += frame.type() == FrameType.DATA ? 1 : 0;
        }
        return count;
    }

    private static int countReady(ReliabilityEngine engine) {
        int count = 0;
        while (engine.poll() != null) {
            count++;
        }
        return count;
    }

    private static List<EngineEvent.Kind> kinds(ReliabilityEngine engine) {
        List<EngineEvent.Kind> kinds = new ArrayList<>();
        EngineEvent event;
        while ((event = engine.pollEvent()) != null) {
            kinds.add(event.kind());
        }
        return kinds;
    }

    private static byte[] bytes(int... values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }
}
