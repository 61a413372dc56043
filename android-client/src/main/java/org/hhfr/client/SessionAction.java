package org.hhfr.client;

import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * What a {@link SessionStateMachine} asks its adapter to do: the only way the machine acts on the world.
 *
 * @param <C> a call with its request
 * @param <S> an open stream
 */
final class SessionAction<C, S> {
    /** What to do. */
    enum Kind {
        /** Make {@link #call()} over SOAP with the offer; report the answer or the failure. */
        SEND_WITH_OFFER,
        /** Negotiate with a separate request; report the answer or the failure. */
        NEGOTIATE,
        /** Open the stream of {@link #grant()}; report it opened, or that it failed. */
        OPEN_STREAM,
        /** Send {@link #calls()}, in order, on {@link #stream()}. */
        SEND_ON_STREAM,
        /** Send {@link #calls()} as plain SOAP. */
        SEND_OVER_SOAP,
        /** Fail {@link #calls()} for {@link #failure()}. */
        FAIL_CALLS,
        /** Keep the ticket of {@link #grant()} in the cache for {@link #keepForMillis()}. */
        STORE_TICKET,
        /** Drop the session's ticket from the cache: the server no longer honours it. */
        FORGET_TICKET,
        /** Close {@link #stream()}. */
        CLOSE_STREAM,
        /**
         * Close {@link #stream()}, opened before an answer that never came: its calls fail with {@link #reason()},
         * as its server may have run them.
         */
        LOSE_STREAM,
        /**
         * Close {@link #stream()}, opened before the answer under a session the answer did not grant (so its
         * server will run none of its calls), and hand its calls back to the session to go the new way.
         */
        ABANDON_STREAM
    }

    /** Why calls fail without being sent. */
    enum Failure {
        /** The session was closed while they waited. */
        SESSION_CLOSED,
        /** As many calls as a stream holds already wait for the negotiation. */
        TOO_MANY_WAITING,
        /** Sent on a stream that was lost, and no endpoint of its session took them over: they may have run. */
        STREAM_LOST
    }

    private final Kind kind;
    private final List<C> calls;
    private final S stream;
    private final StreamGrant grant;
    private final Failure failure;
    private final long keepForMillis;
    private final String reason;

    private SessionAction(Kind kind, List<C> calls, S stream, StreamGrant grant, Failure failure,
                          long keepForMillis) {
        this(kind, calls, stream, grant, failure, keepForMillis, null);
    }

    private SessionAction(Kind kind, List<C> calls, S stream, StreamGrant grant, Failure failure,
                          long keepForMillis, String reason) {
        this.kind = kind;
        this.calls = calls;
        this.stream = stream;
        this.grant = grant;
        this.failure = failure;
        this.keepForMillis = keepForMillis;
        this.reason = reason;
    }

    static <C, S> SessionAction<C, S> sendWithOffer(C call) {
        return new SessionAction<>(Kind.SEND_WITH_OFFER, Collections.singletonList(call), null, null, null, 0);
    }

    static <C, S> SessionAction<C, S> negotiate() {
        return new SessionAction<>(Kind.NEGOTIATE, Collections.<C>emptyList(), null, null, null, 0);
    }

    static <C, S> SessionAction<C, S> openStream(StreamGrant grant) {
        return new SessionAction<>(Kind.OPEN_STREAM, Collections.<C>emptyList(), null, grant, null, 0);
    }

    static <C, S> SessionAction<C, S> sendOnStream(List<C> calls, S stream) {
        return new SessionAction<>(Kind.SEND_ON_STREAM, calls, stream, null, null, 0);
    }

    static <C, S> SessionAction<C, S> sendOverSoap(List<C> calls) {
        return new SessionAction<>(Kind.SEND_OVER_SOAP, calls, null, null, null, 0);
    }

    /** Adds {@link #sendOverSoap(List)} to {@code out} unless {@code calls} is empty. */
    static <C, S> void sendOverSoap(List<C> calls, List<SessionAction<C, S>> out) {
        if (!calls.isEmpty()) {
            out.add(SessionAction.<C, S>sendOverSoap(calls));
        }
    }

    static <C, S> SessionAction<C, S> failCalls(List<C> calls, Failure failure) {
        return new SessionAction<>(Kind.FAIL_CALLS, calls, null, null, failure, 0);
    }

    static <C, S> SessionAction<C, S> storeTicket(StreamGrant grant, long keepForMillis) {
        return new SessionAction<>(Kind.STORE_TICKET, Collections.<C>emptyList(), null, grant, null, keepForMillis);
    }

    static <C, S> SessionAction<C, S> forgetTicket() {
        return new SessionAction<>(Kind.FORGET_TICKET, Collections.<C>emptyList(), null, null, null, 0);
    }

    static <C, S> SessionAction<C, S> closeStream(S stream) {
        return new SessionAction<>(Kind.CLOSE_STREAM, Collections.<C>emptyList(), stream, null, null, 0);
    }

    static <C, S> SessionAction<C, S> loseStream(S stream, String reason) {
        return new SessionAction<>(Kind.LOSE_STREAM, Collections.<C>emptyList(), stream, null, null, 0, reason);
    }

    static <C, S> SessionAction<C, S> abandonStream(S stream) {
        return new SessionAction<>(Kind.ABANDON_STREAM, Collections.<C>emptyList(), stream, null, null, 0);
    }

    Kind kind() {
        return kind;
    }

    /** The call to offer with ({@link Kind#SEND_WITH_OFFER}). */
    C call() {
        return calls.get(0);
    }

    List<C> calls() {
        return calls;
    }

    S stream() {
        return stream;
    }

    StreamGrant grant() {
        return grant;
    }

    Failure failure() {
        return failure;
    }

    long keepForMillis() {
        return keepForMillis;
    }

    /** Why the calls on {@link #stream()} fail ({@link Kind#LOSE_STREAM}). */
    String reason() {
        return reason;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SessionAction)) {
            return false;
        }
        SessionAction<?, ?> other = (SessionAction<?, ?>) o;
        return kind == other.kind && calls.equals(other.calls) && Objects.equals(stream, other.stream)
                && grant == other.grant && failure == other.failure && keepForMillis == other.keepForMillis
                && Objects.equals(reason, other.reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, calls, stream, failure, keepForMillis);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(kind.name());
        if (!calls.isEmpty()) {
            text.append(' ').append(calls);
        }
        if (stream != null) {
            text.append(" stream ").append(stream);
        }
        if (grant != null) {
            text.append(" grant ").append(grant);
        }
        if (failure != null) {
            text.append(' ').append(failure);
        }
        if (reason != null) {
            text.append(": ").append(reason);
        }
        if (kind == Kind.STORE_TICKET) {
            text.append(" for ").append(keepForMillis).append(" ms");
        }
        return text.toString();
    }
}
