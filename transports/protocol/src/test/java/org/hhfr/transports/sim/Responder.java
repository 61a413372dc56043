package org.hhfr.transports.sim;

import java.util.ArrayDeque;
import org.hhfr.transports.reliability.DeliveredMessage;
import org.hhfr.transports.reliability.EngineEvent;
import org.hhfr.transports.reliability.ReliabilityEngine;

/**
 * The server application: consumes requests (optionally slowly, to make the engine withhold credit), checks
 * that they arrive in order and intact, answers each with a correlated response, and closes its own sequence
 * once the client has closed and every answer is offered.
 */
final class Responder implements PeerApplication {
    private final int expected;
    private final boolean lossAllowed;
    private final long processingTime;
    private final int responseSize;
    private final ArrayDeque<long[]> outbox = new ArrayDeque<>();
    private long busyUntil = ReliabilityEngine.NO_DEADLINE;
    private int lastRequest = -1;
    private int requests;
    private boolean peerClosed;
    private boolean closed;
    private String problem;

    /** Answers each request with {@code responseSize} bytes (at least 8). */
    Responder(int expected, boolean lossAllowed, long processingTime, int responseSize) {
        this.expected = expected;
        this.lossAllowed = lossAllowed;
        this.processingTime = processingTime;
        this.responseSize = responseSize;
    }

    @Override
    public void start(ReliabilityEngine engine) {
    }

    @Override
    public boolean consume(ReliabilityEngine engine, long now) {
        boolean any = false;
        while (busyUntil == ReliabilityEngine.NO_DEADLINE || busyUntil <= now) {
            busyUntil = ReliabilityEngine.NO_DEADLINE;
            DeliveredMessage message = engine.poll();
            if (message == null) {
                break;
            }
            any = true;
            check(message);
            outbox.add(new long[] {lastRequest, message.messageNumber()});
            if (processingTime > 0) {
                busyUntil = now + processingTime;
            }
        }
        any |= answer(engine);
        return any;
    }

    private void check(DeliveredMessage message) {
        int index = Payloads.requestIndex(message.payload());
        if (index < 0 || index >= expected) {
            fail("corrupt request " + message);
        } else if (lossAllowed ? index <= lastRequest : index != lastRequest + 1) {
            fail("request " + index + " after request " + lastRequest);
        } else if (message.operation() != index % 3) {
            fail("request " + index + " with operation " + message.operation());
        }
        lastRequest = index;
        requests++;
    }

    private boolean answer(ReliabilityEngine engine) {
        boolean any = false;
        while (!outbox.isEmpty() && engine.state() == ReliabilityEngine.State.OPEN) {
            long[] next = outbox.peek();
            byte[] response = Payloads.response((int) next[0], responseSize);
            if (engine.offer(response, 0, next[1]) == ReliabilityEngine.REFUSED) {
                return any;
            }
            outbox.poll();
            any = true;
        }
        if (peerClosed && outbox.isEmpty() && !closed && engine.state() == ReliabilityEngine.State.OPEN) {
            closed = true;
            engine.close();
            any = true;
        }
        return any;
    }

    private void fail(String description) {
        if (problem == null) {
            problem = description;
        }
    }

    @Override
    public long busyUntil() {
        return busyUntil;
    }

    @Override
    public void onEvent(EngineEvent event, ReliabilityEngine engine) {
        if (event.kind() == EngineEvent.Kind.PEER_CLOSED) {
            peerClosed = true;
        }
        if (event.kind() == EngineEvent.Kind.WRITABLE || event.kind() == EngineEvent.Kind.PEER_CLOSED) {
            answer(engine);
        }
    }

    @Override
    public boolean isSatisfied() {
        return lossAllowed || requests == expected;
    }

    @Override
    public String problem() {
        return problem;
    }

    int requests() {
        return requests;
    }
}
