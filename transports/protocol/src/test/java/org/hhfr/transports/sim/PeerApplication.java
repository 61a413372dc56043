package org.hhfr.transports.sim;

import org.hhfr.transports.reliability.EngineEvent;
import org.hhfr.transports.reliability.ReliabilityEngine;

/** The test application on one side of a simulated session. */
interface PeerApplication {
    void start(ReliabilityEngine engine);

    /**
     * Polls as many delivered messages as it is ready for.
     *
     * @return whether it did anything
     */
    boolean consume(ReliabilityEngine engine, long now);

    /** When it will be ready to consume again, or {@link ReliabilityEngine#NO_DEADLINE}. */
    long busyUntil();

    void onEvent(EngineEvent event, ReliabilityEngine engine);

    /** Whether everything it expected arrived. */
    boolean isSatisfied();

    /** What went wrong, or {@code null}. */
    String problem();
}
