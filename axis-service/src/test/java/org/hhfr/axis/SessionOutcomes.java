package org.hhfr.axis;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.hhfr.client.EventListener;
import org.hhfr.client.Mode;
import org.hhfr.client.Session;
import org.hhfr.contextstore.ReliabilityPolicy;

/** Where a client's sessions went, in order: {@link #STREAMS}, or the reason one fell back to SOAP. */
final class SessionOutcomes extends EventListener {
    static final String STREAMS = "streams";

    private final BlockingQueue<String> outcomes = new ArrayBlockingQueue<>(16);

    @Override
    public void negotiated(Session session, Mode mode, ReliabilityPolicy agreed) {
        outcomes.offer(STREAMS);
    }

    @Override
    public void fellBackToSoap(Session session, String reason) {
        outcomes.offer(reason);
    }

    /** The next outcome, waiting up to 30 s for it; "no outcome" if none came. */
    String next() throws InterruptedException {
        String outcome = outcomes.poll(30, TimeUnit.SECONDS);
        return outcome == null ? "no outcome" : outcome;
    }
}
