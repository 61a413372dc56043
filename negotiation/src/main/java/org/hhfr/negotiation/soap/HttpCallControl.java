package org.hhfr.negotiation.soap;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The caller's say over one HTTP call of a {@link SoapHttpClient}: extra request headers (set before the call
 * starts), a hook run once the request is written, and {@link #abort()} from another thread, which disconnects
 * the call's connection so the thread blocked in it fails at once. One instance per call. Thread-safe.
 */
public final class HttpCallControl {
    /** Guarded by this. */
    private final Map<String, String> headers = new LinkedHashMap<>();
    /** Guarded by this. */
    private HttpURLConnection connection;
    /** Guarded by this. */
    private boolean aborted;
    /** Guarded by this; {@code null} once run. */
    private Runnable requestSent;
    /**
     * Whether the request is written and its answer not being read yet; guarded by this. A disconnect then would not
     * end the call: the platform's connection, finding itself disconnected when asked for the answer, connects again
     * and waits there, up to its read timeout, for an answer to a request it never sent.
     */
    private boolean betweenRequestAndAnswer;

    /** Adds (or replaces) a request header of the call. Headers the SOAP binding sets itself win. */
    public synchronized void header(String name, String value) {
        headers.put(name, value);
    }

    public synchronized Map<String, String> headers() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /**
     * Runs {@code hook} on the calling thread once the whole request is written to the connection, before its
     * answer is read; it does not run for a call that fails before. Set before the call starts.
     */
    public synchronized void onRequestSent(Runnable hook) {
        requestSent = hook;
    }

    /**
     * Ends the call: its connection is disconnected (the disconnect runs on this thread, outside the lock), or, between
     * the request written and its answer read, the call fails before it reads.
     */
    public void abort() {
        HttpURLConnection open;
        synchronized (this) {
            aborted = true;
            open = betweenRequestAndAnswer ? null : connection;
        }
        if (open != null) {
            open.disconnect();
        }
    }

    /** The request is written whole: the hook runs, once. */
    void requestSent() {
        Runnable hook;
        synchronized (this) {
            betweenRequestAndAnswer = true;
            hook = requestSent;
            requestSent = null;
        }
        if (hook != null) {
            hook.run();
        }
    }

    /** The answer is about to be read: fails if the call was aborted since its request was written. */
    void readingAnswer() throws IOException {
        synchronized (this) {
            betweenRequestAndAnswer = false;
            if (!aborted) {
                return;
            }
        }
        throw new IOException("the HTTP call was aborted");
    }

    /** The call's connection is open; fails if the call was aborted already. */
    void opened(HttpURLConnection opened) throws IOException {
        synchronized (this) {
            if (!aborted) {
                connection = opened;
                return;
            }
        }
        throw new IOException("the HTTP call was aborted");
    }
}
