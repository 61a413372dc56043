package org.hhfr.client;

import org.hhfr.streamer.Message;

/**
 * Sees every call as it leaves on its road and when it ends: for logging, timing and HTTP headers (an
 * authorization header, a trace id). Give it to {@link HhfrClient.Builder#addInterceptor}; interceptors run
 * in the order they were added. Both methods do nothing by default and must not block or throw: a throwing
 * {@link #onCall} fails the call, and what {@link #onEnd} throws goes to the thread's uncaught exception handler
 * (the later interceptors still see the end).
 *
 * <p>What it can change: only the HTTP headers of a call ({@link CallDetails#header}; SOAP header blocks of one
 * call go in {@link CallOptions#withHeader}, HTTP headers of every call in {@link HhfrClient.Builder#httpHeader}).
 * Over SOAP they travel with the call (the first call, which carries the offer, included); the negotiation a
 * session makes on its own is shown too, as a call without a request, and carries them (an interceptor that
 * throws on it, reading the absent request say, leaves it without them); it is shown on the thread that
 * negotiates, the app's for {@code open()}, else one of the library's, so headers taken from
 * a thread-local (the signed-in user) are better taken from the app's state. A stream has no HTTP:
 * it is authenticated once by the session's token, and the headers of the request that negotiated the session
 * (a bearer token) are the session's caller, which the service sees with each streamed call. So give a call the
 * same headers on every road: a call given other ones than the caller's goes over SOAP with them, and when the
 * next such call brings the same ones again (a new user, a renewed token) it offers a session of its own. It
 * cannot change the request or the response.
 */
public interface Interceptor {
    /**
     * The call leaves now in {@link CallDetails#mode()}, on the thread that sends it. A call a refused stream
     * handed back is seen again on its new road.
     */
    default void onCall(CallDetails call) {
    }

    /**
     * The call ended: {@code response} (null for a one-way {@link Session#send}) or {@code failure}
     * ({@link CallTimeoutException} at its deadline, a
     * {@link java.util.concurrent.CancellationException} when cancelled), {@link CallDetails#elapsedMillis()}
     * after it left. On the thread that completed it, and on the callback executor when one is set (for a
     * {@link Session#callAsync}, a cancelled one's too).
     */
    default void onEnd(CallDetails call, Message response, Throwable failure) {
    }
}
