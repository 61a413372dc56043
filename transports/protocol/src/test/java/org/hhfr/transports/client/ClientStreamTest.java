package org.hhfr.transports.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.driver.ManualContext;
import org.hhfr.transports.driver.RecordingLink;
import org.hhfr.transports.fault.StreamCancel;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.reliability.DeliveredMessage;
import org.hhfr.transports.reliability.EngineEvent;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.hhfr.transports.reliability.ReliabilityEngine;
import org.junit.jupiter.api.Test;

class ClientStreamTest {
    private final ManualContext context = new ManualContext();
    private final RecordingLink link = new RecordingLink();
    private final Owner owner = new Owner();
    private final ClientStream<Call> stream = new ClientStream<>(
            new ReliabilityEngine(ReliabilityConfig.forStream(), new Random(1), context.now), context,
            () -> context.now, owner);
    private final ReliabilityEngine server = new ReliabilityEngine(ReliabilityConfig.forStream(), new Random(2),
            context.now);

    @Test
    void aResponseCompletesTheCallItsCorrelationNames() throws WireException {
        stream.attach(link, false);
        Call first = new Call(1);
        Call second = new Call(2);
        stream.call(first);
        stream.call(second);
        context.runPending();
        List<DeliveredMessage> requests = serve();
        server.offer(new byte[] {20}, 0, requests.get(1).messageNumber());
        server.offer(new byte[] {10}, 0, requests.get(0).messageNumber());
        answer();
        assertEquals(2, owner.answered.size());
        assertSame(second, owner.answered.get(0));
        assertSame(first, owner.answered.get(1));
        assertEquals(0, stream.awaitingResponse());
    }

    @Test
    void aCancelledCallIsForgottenItsServerToldToSkipItAndItsResponseDropped() throws WireException {
        stream.attach(link, false);
        Call kept = new Call(1);
        Call cancelled = new Call(2);
        stream.call(kept);
        stream.call(cancelled);
        context.runPending();
        List<DeliveredMessage> requests = serve();
        stream.cancel(cancelled);
        assertEquals(1, stream.awaitingResponse());
        context.runPending();
        List<DeliveredMessage> cancels = serve();
        assertEquals(1, cancels.size());
        assertEquals(StreamCancel.OPERATION, cancels.get(0).operation());
        assertEquals(requests.get(1).messageNumber(), cancels.get(0).correlation());
        assertEquals(0, cancels.get(0).payload().length);
        server.offer(new byte[] {20}, 0, requests.get(1).messageNumber());
        server.offer(new byte[] {10}, 0, requests.get(0).messageNumber());
        answer();
        assertEquals(List.of(kept), owner.answered);
        assertEquals(0, stream.awaitingResponse());
    }

    @Test
    void aGracefulCloseSendsEveryCallMadeBeforeItThenCloses() throws WireException {
        stream.attach(link, false);
        stream.call(new Call(1));
        stream.closeGracefully();
        assertFalse(stream.isOpen());
        assertFalse(stream.call(new Call(2)), "a call after the close is refused");
        List<Frame> sent = link.take();
        assertEquals(1, dataFrames(sent), sent.toString());
        for (Frame frame : sent) {
            if (frame.type() == FrameType.DATA) {
                assertArrayEquals(new byte[] {1}, ((DataFrame) frame).payload());
            }
        }
        assertTrue(sent.stream().anyMatch(frame -> frame.type() == FrameType.CLOSE), sent.toString());
    }

    @Test
    void anAbortEndsTheStreamClosesItsLinkAndHandsBackTheUnansweredCalls() {
        stream.attach(link, false);
        Call waiting = new Call(1);
        stream.call(waiting);
        stream.abort(ErrorCode.ABORTED, "closed by the test");
        assertTrue(stream.isEnded());
        assertTrue(link.closed);
        assertNull(stream.driver().link());
        assertEquals(ErrorCode.ABORTED, owner.failure.code());
        assertEquals(List.of(waiting), owner.unanswered);
    }

    @Test
    void framesWaitForALinkAndAResumedLinkGetsThemAgain() {
        Call call = new Call(1);
        stream.call(call);
        context.runPending();
        stream.attach(link, false);
        assertEquals(1, dataFrames(link.take()));
        RecordingLink next = new RecordingLink();
        stream.detach(link);
        stream.attach(next, true);
        assertEquals(1, dataFrames(next.take()), "the unacknowledged request is sent again");
    }

    /** Everything the client sent, to the server; returns the requests it delivered. */
    private List<DeliveredMessage> serve() throws WireException {
        for (Frame frame : link.take()) {
            server.receive(frame, context.now);
        }
        List<DeliveredMessage> requests = new ArrayList<>();
        DeliveredMessage request;
        while ((request = server.poll()) != null) {
            requests.add(request);
        }
        return requests;
    }

    /** Everything the server has to send, to the client, then a turn. */
    private void answer() throws WireException {
        Frame frame;
        while ((frame = server.pollTransmit(context.now)) != null) {
            stream.driver().receive(frame);
        }
        stream.driver().run();
    }

    private static int dataFrames(List<Frame> frames) {
        int count = 0;
        for (Frame frame : frames) {
            if (frame.type() == FrameType.DATA) {
                count++;
            }
        }
        return count;
    }

    private static final class Call implements ClientCalls.Call {
        private final byte[] payload;

        Call(int value) {
            payload = new byte[] {(byte) value};
        }

        @Override
        public byte[] payload() {
            return payload;
        }

        @Override
        public int operation() {
            return 0;
        }

        @Override
        public boolean isDone() {
            return false;
        }
    }

    private static final class Owner implements ClientStream.Owner<Call> {
        final List<Call> answered = new ArrayList<>();
        EngineEvent failure;
        List<Call> unanswered;

        @Override
        public void answered(Call call, DeliveredMessage message) {
            answered.add(call);
        }

        @Override
        public void ended(EngineEvent failed, List<Call> calls) {
            failure = failed;
            unanswered = calls;
        }
    }
}
