package org.hhfr.client;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Sends a session's batches of calls over SOAP, in order, one call at a time per lane, through at most
 * {@link #LANES} background tasks. Calls already done (past their deadline, cancelled) are skipped.
 */
final class SoapLanes {
    /**
     * The default number of idle connections {@code HttpURLConnection} keeps per host
     * ({@code http.maxConnections}), so they are reused and a busy server does not see a burst of one
     * connection per waiting call.
     */
    static final int LANES = 5;

    private final SoapChannel soap;
    private final BackgroundWork background;

    SoapLanes(SoapChannel soap, BackgroundWork background) {
        this.soap = soap;
        this.background = background;
    }

    /** Sends {@code calls} over SOAP: {@code own} alone right here (this thread waits for it anyway). */
    void send(List<UnsentCall> calls, UnsentCall own) {
        if (calls.size() == 1 && calls.get(0) == own) {
            soap.start(own.call, own.request);
            return;
        }
        Queue<UnsentCall> queue = new ConcurrentLinkedQueue<>(calls);
        for (int lane = Math.min(LANES, calls.size()); lane > 0; lane--) {
            background.run(() -> {
                for (UnsentCall unsent = queue.poll(); unsent != null; unsent = queue.poll()) {
                    if (!unsent.call.isDone()) {
                        soap.start(unsent.call, unsent.request);
                    }
                }
            });
        }
    }
}
