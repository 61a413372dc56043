package org.hhfr.transports.driver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.reliability.DeliveredMessage;
import org.hhfr.transports.reliability.EngineEvent;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.hhfr.transports.reliability.ReliabilityEngine;
import org.junit.jupiter.api.Test;

class EngineDriverTest {
    private final ManualContext context = new ManualContext();
    private final RecordingLink link = new RecordingLink();
    private final Owner owner = new Owner();

    @Test
    void aTurnWritesEveryDueFrameAndFlushesOnce() {
        EngineDriver driver = driver(ReliabilityConfig.forStream());
        for (int i = 0; i < 5; i++) {
            driver.engine().offer(new byte[] {(byte) i});
        }
        driver.requestRun();
        context.runPending();
        assertEquals(5, dataFrames(link.written).size());
        assertEquals(1, link.flushes.size());
    }

    @Test
    void requestsMadeBeforeTheTurnRunsCoalesceIntoOneTurn() {
        EngineDriver driver = driver(ReliabilityConfig.forStream());
        driver.requestRun();
        driver.requestRun();
        driver.requestRun();
        assertEquals(1, context.tasks.size());
        context.runPending();
        driver.requestRun();
        assertEquals(1, context.tasks.size());
    }

    @Test
    void messagesWaitInTheEngineWhileTheOwnerCannotAcceptThem() throws WireException {
        EngineDriver driver = driver(ReliabilityConfig.forStream());
        ReliabilityEngine peer = peer(ReliabilityConfig.forStream());
        for (int i = 0; i < 3; i++) {
            peer.offer(new byte[] {(byte) i});
        }
        owner.accepting = false;
        receiveAll(driver, drain(peer));
        driver.run();
        assertEquals(0, owner.messages.size());
        owner.accepting = true;
        driver.run();
        assertEquals(3, owner.messages.size());
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(new byte[] {(byte) i}, owner.messages.get(i).payload());
        }
    }

    @Test
    void framesALinkCannotTakeNowWaitInTheEngineForALaterTurn() {
        EngineDriver driver = driver(ReliabilityConfig.forStream());
        for (int i = 0; i < 5; i++) {
            driver.engine().offer(new byte[] {(byte) i});
        }
        link.room = 2;
        driver.run();
        assertEquals(2, dataFrames(link.written).size());
        link.room = -1;
        driver.run();
        assertEquals(5, dataFrames(link.written).size());
        assertEquals(2, link.flushes.size());
    }

    @Test
    void framesWithoutALinkWaitForTheNextLink() {
        EngineDriver driver = driver(ReliabilityConfig.forStream());
        driver.detach(link);
        driver.engine().offer(new byte[] {1});
        driver.run();
        assertTrue(link.written.isEmpty());
        RecordingLink next = new RecordingLink();
        driver.attach(next);
        driver.run();
        assertEquals(1, dataFrames(next.written).size());
    }

    @Test
    void oneTimerFollowsTheEnginesDeadlineAndItsTurnRetransmits() {
        ReliabilityConfig config = ReliabilityConfig.forDatagrams(1200).toBuilder().rtoMillis(100, 100, 1_000)
                .rtoJitter(0).build();
        EngineDriver driver = driver(config);
        driver.engine().offer(new byte[] {1});
        driver.run();
        driver.requestRun();
        context.runPending();
        assertEquals(1, context.timers.size());
        assertEquals(1, dataFrames(link.written).size());
        context.advance(TimeUnit.MILLISECONDS.toNanos(150));
        assertEquals(2, dataFrames(link.written).size());
        assertEquals(1, driver.engine().retransmissions());
        assertEquals(1, context.timers.size());
    }

    @Test
    void anEventThatFreesRoomIsServedInTheSameTurn() throws WireException {
        ReliabilityConfig config = ReliabilityConfig.forStream().toBuilder().maxBuffered(2, 32L << 20).build();
        EngineDriver driver = driver(config);
        ReliabilityEngine peer = peer(config);
        driver.engine().offer(new byte[] {1});
        driver.engine().offer(new byte[] {2});
        assertEquals(ReliabilityEngine.REFUSED, driver.engine().offer(new byte[] {3}));
        owner.onWritable = () -> driver.engine().offer(new byte[] {3});
        driver.run();
        for (Frame frame : link.take()) {
            peer.receive(frame, context.now);
        }
        context.now += TimeUnit.SECONDS.toNanos(1);
        receiveAll(driver, drain(peer));
        driver.run();
        assertEquals(1, owner.writableEvents);
        List<DataFrame> sent = dataFrames(link.written);
        assertEquals(1, sent.size());
        assertEquals(3, sent.get(0).messageNumber());
    }

    @Test
    void readingFollowsTheOwnersChoiceAtTheEndOfEachTurn() {
        EngineDriver driver = driver(ReliabilityConfig.forStream());
        owner.reading = false;
        driver.run();
        assertFalse(link.reading);
        owner.reading = true;
        driver.run();
        assertTrue(link.reading);
    }

    @Test
    void aStoppedDriverRunsNoTurnAndCancelsItsTimer() {
        ReliabilityConfig config = ReliabilityConfig.forDatagrams(1200).toBuilder().rtoMillis(100, 100, 1_000).build();
        EngineDriver driver = driver(config);
        driver.engine().offer(new byte[] {1});
        driver.run();
        assertEquals(1, context.timers.size());
        driver.stop();
        assertTrue(context.timers.isEmpty());
        driver.engine().offer(new byte[] {2});
        driver.requestRun();
        driver.run();
        assertTrue(context.tasks.isEmpty());
        assertEquals(1, dataFrames(link.written).size());
    }

    @Test
    void aPacedEngineLeavesTheRestOfItsWindowToTheTimerWhichSendsItWithinTheRoundTrip() throws WireException {
        ReliabilityConfig config = ReliabilityConfig.forDatagrams(1200);
        EngineDriver driver = driver(config);
        ReliabilityEngine peer = peer(config);
        driver.engine().offer(new byte[1000]);
        driver.run();
        for (Frame frame : link.take()) {
            peer.receive(frame, context.now);
        }
        context.now += TimeUnit.MILLISECONDS.toNanos(100);
        peer.tick(context.now);
        receiveAll(driver, drain(peer));
        for (int i = 0; i < 10; i++) {
            driver.engine().offer(new byte[1000]);
        }
        driver.run();
        int sentAtOnce = dataFrames(link.take()).size();
        assertTrue(sentAtOnce >= 1 && sentAtOnce < 10, sentAtOnce + " of 10 sent at once");
        assertEquals(1, context.timers.size(), "the pacer's deadline is armed");

        context.advance(TimeUnit.MILLISECONDS.toNanos(100));
        assertEquals(10 - sentAtOnce, dataFrames(link.take()).size());
        assertEquals(0, driver.engine().retransmissions());
    }

    private EngineDriver driver(ReliabilityConfig config) {
        ReliabilityEngine engine = new ReliabilityEngine(config, new Random(1), context.now);
        EngineDriver driver = new EngineDriver(engine, context, () -> context.now, owner);
        driver.attach(link);
        return driver;
    }

    private ReliabilityEngine peer(ReliabilityConfig config) {
        return new ReliabilityEngine(config, new Random(2), context.now);
    }

    private List<Frame> drain(ReliabilityEngine engine) {
        List<Frame> frames = new ArrayList<>();
        Frame frame;
        while ((frame = engine.pollTransmit(context.now)) != null) {
            frames.add(frame);
        }
        return frames;
    }

    private static void receiveAll(EngineDriver driver, List<Frame> frames) throws WireException {
        for (Frame frame : frames) {
            driver.receive(frame);
        }
    }

    private static List<DataFrame> dataFrames(List<Frame> frames) {
        List<DataFrame> data = new ArrayList<>();
        for (Frame frame : frames) {
            if (frame instanceof DataFrame) {
                data.add((DataFrame) frame);
            }
        }
        return data;
    }

    /** The engine's owner: keeps delivered messages, counts events, and says whether to accept and read. */
    private static final class Owner implements EngineDriver.Listener {
        final List<DeliveredMessage> messages = new ArrayList<>();
        boolean accepting = true;
        boolean reading = true;
        int writableEvents;
        Runnable onWritable = () -> { };

        @Override
        public boolean canAccept() {
            return accepting;
        }

        @Override
        public void onMessage(DeliveredMessage message) {
            messages.add(message);
        }

        @Override
        public void onEvent(EngineEvent event) {
            if (event.kind() == EngineEvent.Kind.WRITABLE) {
                writableEvents++;
                onWritable.run();
            }
        }

        @Override
        public boolean shouldRead(Link link) {
            return reading;
        }
    }
}
