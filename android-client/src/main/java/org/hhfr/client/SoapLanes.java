package org.hhfr.client;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import org.hhfr.streamer.Message;

/**
 * Sends a session's calls over SOAP, in order, one call at a time per lane, through at most {@link #LANES}
 * background tasks for the whole session: however many calls an app starts at once, the service sees at most
 * that many connections from the session. Calls already done (past their deadline, cancelled) are skipped.
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
    /** Calls no lane has taken yet; guarded by this. */
    private final ArrayDeque<UnsentCall> waiting = new ArrayDeque<>();
    /** Lanes at work; guarded by this. */
    private int running;
    /** Calls whose HTTP request is out now; guarded by this. */
    private final Set<PendingCall> inFlight = new HashSet<>();
    /** Why the session closed, once it did: calls handed over later fail with it; guarded by this. */
    private Supplier<HhfrException> closedWith;

    SoapLanes(SoapChannel soap, BackgroundWork background) {
        this.soap = soap;
        this.background = background;
    }

    /** Sends {@code calls} over SOAP: {@code own} alone right here (this thread waits for it anyway). */
    void send(List<UnsentCall> calls, UnsentCall own) {
        if (calls.size() == 1 && calls.get(0) == own) {
            start(own);
            return;
        }
        int lanes;
        synchronized (this) {
            waiting.addAll(calls);
            lanes = Math.min(calls.size(), LANES - running);
            running += lanes;
        }
        for (int started = 0; started < lanes; started++) {
            try {
                background.runOrRefuse(this::drain);
            } catch (RuntimeException e) {
                refused(calls, lanes - started, e);
                return;
            }
        }
    }

    /** The executor refused {@code lanes}: they are given back, and the calls no lane took fail with the cause. */
    private void refused(List<UnsentCall> calls, int lanes, RuntimeException cause) {
        List<UnsentCall> untaken = new ArrayList<>(calls.size());
        synchronized (this) {
            running -= lanes;
            for (UnsentCall unsent : calls) {
                if (waiting.remove(unsent)) {
                    untaken.add(unsent);
                }
            }
        }
        for (UnsentCall unsent : untaken) {
            unsent.call.fail(new HhfrException("the executor refused to send the call over SOAP: " + cause, cause));
        }
    }

    /**
     * One lane: sends waiting calls one after another until none is left. An Error one of them met (an
     * interceptor's, which failed that call) is thrown once the lane is done, so it neither ends the lane for good
     * nor leaves the calls behind it waiting.
     */
    private void drain() {
        Error failed = null;
        for (UnsentCall unsent = next(); unsent != null; unsent = next()) {
            if (!unsent.call.isDone()) {
                try {
                    start(unsent);
                } catch (Error e) {
                    failed = AppBug.first(failed, e);
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
    }

    private void start(UnsentCall unsent) {
        if (track(unsent.call)) {
            try {
                soap.start(unsent.call, unsent.request);
            } finally {
                untrack(unsent.call);
            }
        }
    }

    /** Sends a call of a one-way operation on this thread, failed and aborted by {@link #close} like the others. */
    void sendOneWay(PendingCall call, Message request) {
        if (track(call)) {
            try {
                soap.sendOneWay(call, request);
            } finally {
                untrack(call);
            }
        }
    }

    /**
     * Counts {@code call}'s request as out, for {@link #close}; once closed, fails it instead (it was handed over
     * as the session closed) and returns {@code false}: it is never sent. A request sent outside the lanes (the
     * call that carries the offer) is counted too, and {@linkplain #untrack uncounted} once it returned.
     */
    boolean track(PendingCall call) {
        Supplier<HhfrException> closed;
        synchronized (this) {
            closed = closedWith;
            if (closed == null) {
                inFlight.add(call);
                return true;
            }
        }
        call.closeWith(closed.get());
        return false;
    }

    synchronized void untrack(PendingCall call) {
        inFlight.remove(call);
    }

    /**
     * The session closed: its calls still waiting for a lane and those whose HTTP request is out fail with
     * {@code why} (one each), their requests aborted, so no thread of the session outlives it.
     */
    void close(Supplier<HhfrException> why) {
        List<PendingCall> open = new ArrayList<>();
        synchronized (this) {
            closedWith = why;
            open.addAll(inFlight);
            for (UnsentCall unsent : waiting) {
                open.add(unsent.call);
            }
            waiting.clear();
        }
        for (PendingCall call : open) {
            call.closeWith(why.get());
        }
    }

    /** The next waiting call, or null when none is left: then this lane stops. */
    private synchronized UnsentCall next() {
        UnsentCall unsent = waiting.poll();
        if (unsent == null) {
            running--;
        }
        return unsent;
    }
}
