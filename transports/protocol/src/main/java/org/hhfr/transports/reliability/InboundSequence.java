package org.hhfr.transports.reliability;

import java.util.ArrayDeque;
import java.util.Arrays;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.AckFrame;
import org.hhfr.transports.frame.DataFrame;

/**
 * The receiving half of a session (the WS-RM destination of the peer's sequence): drops duplicates, holds early
 * arrivals until the gap before them fills, reassembles fragments, queues whole messages for the application,
 * and decides when to acknowledge and how much credit to grant.
 *
 * <p>Credit: an ACK's limit is the highest number the sender may send. Exactly once, the receiver never lowers
 * a limit it granted, and grants {@code receiveWindow} numbers past the next expected one while the ready queue
 * has room, none while it is full. Everything at or below a granted limit fits the reorder buffer, so nothing
 * the sender was allowed to send is ever dropped for lack of room. At most once, numbers the sender abandoned
 * never arrive, so a limit tied to the next expected number could stall both sides for good; there the
 * receiver grants everything and instead drops whole messages while its ready queue is full, a loss that
 * assurance allows.
 */
final class InboundSequence {
    /** Senders stop one below the wire maximum, so {@code nextExpected} never overflows. */
    private static final long LARGEST_USABLE_NUMBER = DataFrame.MAX_MESSAGE_NUMBER - 1;
    /**
     * Over datagrams, the full datagrams' worth of DATA a receiver acknowledges every second one of before it
     * goes over to every {@code ackEvery}: the sender's startup grows on acknowledgements (as Linux's quick
     * acknowledgements and QUIC stacks' ack decimation after the first hundred packets).
     */
    static final int QUICK_ACK_DATAGRAMS = 100;

    private final boolean exactlyOnce;
    private final int window;
    private final int ackEvery;
    private final long ackDelay;
    private final int maxAckRanges;
    private final int maxReadyMessages;
    private final long maxReadyBytes;
    /** Messages received past a gap, by slot; made when the first one arrives (never, on an ordered link). */
    private DataFrame[] early;
    private final MessageAssembler assembler;
    private final ArrayDeque<DeliveredMessage> ready = new ArrayDeque<>(2);

    private int earlyCount;
    private long nextExpected = 1;
    private long highestSeen;
    private long grantedLimit;
    private boolean creditWithheld;
    private long readyBytes;
    private long lastNumber = -1;
    private boolean terminated;

    private int unacknowledged;
    private long firstUnacknowledgedAt;
    private final boolean reportsDelay;
    /** Over datagrams: the latest ACK was due on its own, not brought by data of ours going out. */
    private boolean ackSentAlone;
    /** The ACK due now was brought by data of ours going out. */
    private boolean ackRidesWithData;
    private long ackSentAt;
    /** Over datagrams: a full datagram's DATA payload, and the DATA bytes arrived so far (duplicates too). */
    private final long fullDatagram;
    private long receivedBytes;
    /** Over datagrams: payload bytes of DATA arrived since the last acknowledgement, and when the highest came. */
    private long unacknowledgedBytes;
    private long highestSeenAt;
    private boolean ackNow;
    private long duplicates;
    private long overflowed;

    InboundSequence(ReliabilityConfig config) {
        this.exactlyOnce = config.assurance() == DeliveryAssurance.EXACTLY_ONCE;
        this.window = config.receiveWindow();
        this.ackEvery = config.ackEvery();
        this.reportsDelay = config.link() == LinkType.DATAGRAM;
        this.fullDatagram = config.fragmentPayloadSize();
        this.ackDelay = config.ackDelayNanos();
        this.maxAckRanges = config.maxAckRanges();
        this.maxReadyMessages = config.maxReadyMessages();
        this.maxReadyBytes = config.maxReadyBytes();
        this.grantedLimit = exactlyOnce ? config.initialCredit() : LARGEST_USABLE_NUMBER;
        this.assembler = new MessageAssembler(config.maxInboundMessageSize());
    }

    void onData(DataFrame frame, long now) throws WireException {
        long number = frame.messageNumber();
        if (lastNumber >= 0 && number > lastNumber) {
            throw violation("message " + number + " after the sequence was closed at " + lastNumber);
        }
        if (number > grantedLimit) {
            throw violation("message " + number + " beyond the granted limit " + grantedLimit);
        }
        if (unacknowledged++ == 0) {
            firstUnacknowledgedAt = now;
        }
        unacknowledgedBytes += frame.payload().length;
        receivedBytes += frame.payload().length;
        if (reportsDelay ? unacknowledgedBytes >= fullDatagram * datagramsPerAck() : unacknowledged >= ackEvery) {
            ackNow = true;
        }
        if (number > highestSeen) {
            highestSeen = number;
            highestSeenAt = now;
        }
        if (number < nextExpected) {
            duplicates++;
            ackNow = true;
            return;
        }
        if (exactlyOnce) {
            receiveInOrder(frame);
        } else {
            receiveLatest(frame);
        }
        if (receivedAll()) {
            ackNow = true;
        }
    }

    /** Over datagrams: every second full one for the first {@link #QUICK_ACK_DATAGRAMS}, then {@code ackEvery}. */
    private int datagramsPerAck() {
        return receivedBytes > QUICK_ACK_DATAGRAMS * fullDatagram ? ackEvery : Math.min(ackEvery, 2);
    }

    private void receiveInOrder(DataFrame frame) throws WireException {
        long number = frame.messageNumber();
        if (number > nextExpected) {
            if (early == null) {
                early = new DataFrame[window];
            }
            int slot = slot(number);
            if (early[slot] == null) {
                early[slot] = frame;
                earlyCount++;
            } else {
                duplicates++;
            }
            ackNow = true;
            return;
        }
        deliver(frame);
        nextExpected++;
        while (earlyCount > 0 && early[slot(nextExpected)] != null) {
            int slot = slot(nextExpected);
            DataFrame next = early[slot];
            early[slot] = null;
            earlyCount--;
            deliver(next);
            nextExpected++;
        }
    }

    /** At-most-once: whatever is skipped is lost; a fragment whose message head was lost is dropped. */
    private void receiveLatest(DataFrame frame) throws WireException {
        long number = frame.messageNumber();
        if (number > nextExpected) {
            assembler.discard();
        }
        nextExpected = number + 1;
        if (frame.isContinuation() && !assembler.inProgress()) {
            return;
        }
        deliver(frame);
    }

    private void deliver(DataFrame frame) throws WireException {
        DeliveredMessage message = assembler.add(frame);
        if (message == null) {
            return;
        }
        if (exactlyOnce || hasRoom()) {
            ready.add(message);
            readyBytes += message.payload().length;
        } else {
            overflowed++;
        }
    }

    void onAckRequested() {
        ackNow = true;
    }

    void onClose(long last) throws WireException {
        if (last > LARGEST_USABLE_NUMBER) {
            throw violation("CLOSE at " + last + ", beyond the largest usable message number");
        }
        if (lastNumber >= 0) {
            if (last != lastNumber) {
                throw violation("CLOSE at " + last + " after CLOSE at " + lastNumber);
            }
        } else if (last < highestSeen) {
            throw violation("CLOSE at " + last + " after message " + highestSeen + " arrived");
        }
        lastNumber = last;
        ackNow = true;
    }

    void onTerminate(long last) throws WireException {
        if (lastNumber < 0 || last != lastNumber) {
            throw violation("TERMINATE at " + last + " without a CLOSE at the same number");
        }
        if (nextExpected <= last) {
            if (exactlyOnce) {
                throw violation("TERMINATE at " + last + " before message " + nextExpected + " arrived");
            }
            assembler.discard();
            nextExpected = last + 1;
        }
        terminated = true;
        ackNow = true;
    }

    /** After a transport reset: tell the peer at once what we hold, so it resends only what is missing. */
    void onTransportReset() {
        ackNow = true;
    }

    /**
     * Over datagrams, the path changed: the peer's sender starts its window over, so the receiver acknowledges
     * every second full datagram again for the next {@link #QUICK_ACK_DATAGRAMS}.
     */
    void onPathChanged() {
        receivedBytes = 0;
    }

    DeliveredMessage poll() {
        DeliveredMessage message = ready.poll();
        if (message != null) {
            readyBytes -= message.payload().length;
            if (creditWithheld && hasRoom()) {
                creditWithheld = false;
                ackNow = true;
            }
        }
        return message;
    }

    /** The peer closed and everything up to its last message arrived (or, at most once, was given up). */
    private boolean receivedAll() {
        return lastNumber >= 0 && nextExpected > lastNumber;
    }

    /** Everything up to the peer's last message arrived and was polled. */
    boolean isComplete() {
        return receivedAll() && !assembler.inProgress() && ready.isEmpty();
    }

    boolean isTerminated() {
        return terminated;
    }

    /** Turns an expired acknowledgement delay into a due acknowledgement. */
    void expire(long now) {
        if (unacknowledged > 0 && now - firstUnacknowledgedAt >= ackDelay) {
            ackNow = true;
        }
    }

    /**
     * Data of ours goes out now: acknowledge what we hold with it, in the same write, rather than alone when the
     * delay runs out (a request's acknowledgement rides with its response). Over datagrams, an ACK that went out
     * in an earlier turn without data of ours is sent again with this data: lost, it would leave the peer
     * waiting for its probe timeout (a window it cannot slide, credit it never sees); sent again, it costs a few
     * bytes in a datagram that goes anyway.
     */
    void ackWithOutgoingData(long now) {
        if (unacknowledged > 0 || ackSentAlone && now != ackSentAt) {
            ackNow = true;
            ackRidesWithData = true;
        }
        ackSentAlone = false;
    }

    boolean isAckDue() {
        return ackNow;
    }

    /** When a pending acknowledgement falls due, or {@link ReliabilityEngine#NO_DEADLINE}. */
    long ackDeadline() {
        return unacknowledged > 0 && !ackNow ? firstUnacknowledgedAt + ackDelay : ReliabilityEngine.NO_DEADLINE;
    }

    AckFrame buildAck(long now) {
        long[] bounds = new long[2 * Math.min(maxAckRanges, 1 + earlyCount)];
        int used = 0;
        if (nextExpected > 1) {
            bounds[used++] = 1;
            bounds[used++] = nextExpected - 1;
        }
        int remaining = earlyCount;
        long number = nextExpected + 1;
        while (remaining > 0 && used < bounds.length) {
            while (early[slot(number)] == null) {
                number++;
            }
            long lower = number;
            while (early[slot(number)] != null) {
                remaining--;
                number++;
            }
            bounds[used++] = lower;
            bounds[used++] = number - 1;
        }
        if (exactlyOnce) {
            boolean room = hasRoom();
            creditWithheld = !room;
            long offered = Math.min(LARGEST_USABLE_NUMBER - window, nextExpected - 1) + (room ? window : 0);
            grantedLimit = Math.max(grantedLimit, offered);
        }
        unacknowledged = 0;
        unacknowledgedBytes = 0;
        ackNow = false;
        ackSentAlone = reportsDelay && !ackRidesWithData;
        ackRidesWithData = false;
        ackSentAt = now;
        long[] ranges = used == bounds.length ? bounds : Arrays.copyOf(bounds, used);
        return reportsDelay ? AckFrame.of(ranges, lastNumber >= 0, grantedLimit, (now - highestSeenAt) / 1_000)
                : AckFrame.of(ranges, lastNumber >= 0, grantedLimit);
    }

    long duplicates() {
        return duplicates;
    }

    /** At most once: whole messages dropped because the application fell behind. */
    long overflowed() {
        return overflowed;
    }

    private boolean hasRoom() {
        return ready.size() < maxReadyMessages && readyBytes < maxReadyBytes;
    }

    private int slot(long number) {
        return (int) (number % window);
    }

    private static WireException violation(String reason) {
        return new WireException(ErrorCode.SEQUENCE_VIOLATION, reason);
    }
}
