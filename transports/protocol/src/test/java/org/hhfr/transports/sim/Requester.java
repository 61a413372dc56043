package org.hhfr.transports.sim;

import org.hhfr.transports.reliability.DeliveredMessage;
import org.hhfr.transports.reliability.EngineEvent;
import org.hhfr.transports.reliability.ReliabilityEngine;

/**
 * The client application: offers its requests as fast as the engine accepts them (waiting for WRITABLE when
 * refused), closes after the last, and checks that responses come back in order, intact, and correlated with
 * the right request. With {@code lossAllowed} (at most once) responses may be missing but never repeated.
 */
final class Requester implements PeerApplication {
    private final int[] sizes;
    private final boolean lossAllowed;
    private final long[] requestNumbers;
    private int offered;
    private int lastResponse = -1;
    private int responses;
    private long answeredAt = -1;
    private String problem;

    Requester(int[] sizes, boolean lossAllowed) {
        this.sizes = sizes;
        this.lossAllowed = lossAllowed;
        this.requestNumbers = new long[sizes.length];
    }

    @Override
    public void start(ReliabilityEngine engine) {
        offerMore(engine);
    }

    private void offerMore(ReliabilityEngine engine) {
        if (engine.state() != ReliabilityEngine.State.OPEN) {
            return;
        }
        while (offered < sizes.length) {
            long number = engine.offer(Payloads.request(offered, sizes[offered]), offered % 3, 0);
            if (number == ReliabilityEngine.REFUSED) {
                return;
            }
            requestNumbers[offered++] = number;
            if (offered == sizes.length) {
                engine.close();
            }
        }
    }

    @Override
    public boolean consume(ReliabilityEngine engine, long now) {
        boolean any = false;
        DeliveredMessage message;
        while ((message = engine.poll()) != null) {
            any = true;
            check(message);
            if (responses == sizes.length) {
                answeredAt = now;
            }
        }
        return any;
    }

    private void check(DeliveredMessage message) {
        int index = Payloads.responseIndex(message.payload());
        if (index < 0 || index >= sizes.length) {
            fail("corrupt response " + message);
        } else if (lossAllowed ? index <= lastResponse : index != lastResponse + 1) {
            fail("response " + index + " after response " + lastResponse);
        } else if (message.correlation() != requestNumbers[index]) {
            fail("response " + index + " correlated with " + message.correlation() + ", request was number "
                    + requestNumbers[index]);
        }
        lastResponse = index;
        responses++;
    }

    private void fail(String description) {
        if (problem == null) {
            problem = description;
        }
    }

    @Override
    public long busyUntil() {
        return ReliabilityEngine.NO_DEADLINE;
    }

    @Override
    public void onEvent(EngineEvent event, ReliabilityEngine engine) {
        if (event.kind() == EngineEvent.Kind.WRITABLE) {
            offerMore(engine);
        }
    }

    @Override
    public boolean isSatisfied() {
        return offered == sizes.length && (lossAllowed || responses == sizes.length);
    }

    @Override
    public String problem() {
        return problem;
    }

    int responses() {
        return responses;
    }

    /** When the last response arrived (virtual nanoseconds), -1 before. */
    long answeredAt() {
        return answeredAt;
    }
}
