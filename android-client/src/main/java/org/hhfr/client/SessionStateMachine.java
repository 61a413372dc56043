package org.hhfr.client;

import static org.hhfr.client.WaitingCalls.tail;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

import org.hhfr.contextstore.MonotonicClock;

/**
 * The road of one session's calls, as a pure state machine: events in (a call started, a negotiation answered
 * or failed, a stream opened, refused or lost, close requested), {@linkplain SessionAction actions} out (send
 * with the offer, negotiate, open a stream, send calls on a road, fail calls, keep or forget the ticket, close a
 * stream). No I/O, no threads, no locks; time comes from the injected clock. The adapter ({@link Session})
 * feeds it under its lock and performs the actions outside.
 *
 * <ul>
 *   <li>{@link SessionState#NEW}: the first call carries the offer ({@link SessionState#NEGOTIATING}), or waits
 *       with the others for a separate negotiation when the client can propose the session; calls wait, at most
 *       {@code maxWaitingCalls} of them, until the mode is settled: on the granted stream once it is open, over
 *       SOAP when the service declined or the offer failed (then the next call offers again).</li>
 *   <li>{@link SessionState#SOAP} after a negotiation (declined, or a fresh grant whose stream did not open or
 *       was refused) is not for good: what declined may pass (a context store that could not be reached, a full
 *       server), so a call made {@code offerAgainAfterMillis} later carries the offer again, and after each
 *       further fallback twice as long later, up to {@value #MAX_OFFER_AGAIN_MILLIS} ms (or the first wait, if
 *       longer; {@code Long.MAX_VALUE}: never). The offer rides on that call, never a separate negotiation: a
 *       service that never streams costs a few hundred bytes, and the calls made while its answer is out wait
 *       for it (one SOAP round trip), as at a session's start. A session that wants no stream stays on
 *       SOAP.</li>
 *   <li>A negotiation may propose its session: every call goes on its {@link EarlyStream} before the answer,
 *       which keeps it as the session's stream or abandons it (its server then ran none of its calls). When that
 *       stream could not even connect, a grant of its endpoint is a stream that cannot open, not dialled again.</li>
 *   <li>A stream opened from a ticket ({@link SessionState#RESUMING}) that cannot open, or whose server
 *       refuses it, costs the ticket and leads to a new negotiation (at the next call when none waits); a
 *       freshly granted one ({@link SessionState#CONNECTING}) falls back to SOAP. A refused stream's calls
 *       were not run: they are sent again that way, neither failed nor lost.</li>
 *   <li>A stream lost after its server accepted it moves to the ticket's next endpoint (another node of the
 *       same session), with its unanswered calls; only when every endpoint failed is it lost for good. A call
 *       in doubt (sent on a lost stream) never leaves the server session: it fails rather than go to another.</li>
 *   <li>A stream lost for good costs the ticket; the next call negotiates again with a separate request.</li>
 *   <li>Closing fails the waiting calls and closes the stream; its ticket is kept for 90% of the validity
 *       the server granted (each use of the session starts it again). A stream that opens after the close is
 *       closed at once.</li>
 * </ul>
 * Waiting calls whose deadline passed are dropped, not sent (their deadline already failed them).
 *
 * @param <C> a call with its request
 * @param <S> an open stream
 */
final class SessionStateMachine<C, S> {
    /** Tickets are kept after close for 90% of the granted validity, as the negotiator keeps them. */
    static final long EXPIRY_MARGIN_DIVISOR = 10;
    /** The longest wait before offering again, however often the session fell back (unless the first is longer). */
    static final long MAX_OFFER_AGAIN_MILLIS = 30 * 60_000;

    private final MonotonicClock clock;
    /** When a call on SOAP offers a stream again; never for a session that wants none. */
    private long offerAgainAt = Long.MAX_VALUE;
    /** How long after the first fallback to SOAP a call offers a stream again. */
    private final long firstOfferAgainMillis;
    /** How long the next fallback to SOAP waits before offering again. */
    private long offerAgainAfter;

    private SessionState state;
    /** Calls waiting for the negotiation or the stream, in order. */
    private final WaitingCalls<C> waiting;
    /** The stream being opened or open; {@code null} before the first grant. */
    private StreamGrant grant;
    /** The open stream: set exactly in {@link SessionState#STREAMING}. */
    private S stream;
    /** The grant of the stream opened last, until the session falls back to SOAP. */
    private StreamGrant streamed;
    /** The session the offer out now proposes, and its stream: calls go on it while NEGOTIATING. */
    private final EarlyStream<C, S> early = new EarlyStream<>();
    /** Opened to negotiate at once: a refused ticket's stream negotiates again at once, not at the next call. */
    private boolean negotiatesEagerly;
    /** The latest call started could propose the session: then the first call waits for a separate negotiation. */
    private boolean proposable;
    /** What the HTTP headers of the last call that left the open stream as another caller digest to; null at first. */
    private String otherCaller;

    /**
     * @param streamsWanted  false for a session that never negotiates (only SOAP offered, or a one-way
     *                       operation): it starts, and stays, on SOAP
     * @param deadlineMillis a call's deadline on {@code clock}
     * @param finished       whether a call is over before its deadline (the app cancelled it)
     * @param inDoubt        whether a call was on a stream lost before it was answered
     * @param firstOfferAgainMillis how long after its first fallback to SOAP a call offers a stream again
     */
    SessionStateMachine(boolean streamsWanted, int maxWaitingCalls, MonotonicClock clock,
                        ToLongFunction<? super C> deadlineMillis, Predicate<? super C> finished,
                        Predicate<? super C> inDoubt, long firstOfferAgainMillis) {
        this.state = streamsWanted ? SessionState.NEW : SessionState.SOAP;
        this.clock = clock;
        this.firstOfferAgainMillis = firstOfferAgainMillis;
        this.offerAgainAfter = firstOfferAgainMillis;
        this.waiting = new WaitingCalls<>(maxWaitingCalls, clock, deadlineMillis, finished, inDoubt);
    }

    SessionState state() {
        return state;
    }

    /** The stream calls travel on, {@code null} unless {@link SessionState#STREAMING}. */
    S stream() {
        return stream;
    }

    /**
     * What {@link Session#mode()} shows: the stream's grant (the last one's while it is replaced), or, while the
     * answer is out, the proposed session's once its early stream carries the calls; null on SOAP.
     */
    StreamGrant streamed() {
        return streamed != null ? streamed : early.carrying();
    }

    /**
     * The session was opened: reopen the stream of a still valid {@code ticket} (may be {@code null}), or
     * negotiate now when {@code negotiateNow}; otherwise the first call will carry the offer.
     */
    List<SessionAction<C, S>> opened(StreamGrant ticket, boolean negotiateNow) {
        List<SessionAction<C, S>> out = new ArrayList<>();
        negotiatesEagerly = negotiateNow;
        if (state == SessionState.NEW && ticket != null) {
            state = SessionState.RESUMING;
            grant = ticket;
            out.add(SessionAction.<C, S>openStream(ticket));
        } else if (state == SessionState.NEW && negotiateNow) {
            state = SessionState.NEGOTIATING;
            out.add(SessionAction.<C, S>negotiate());
        }
        return out;
    }

    /** A new call: it carries the offer, waits ({@code proposable}: the client can propose the session), or goes. */
    List<SessionAction<C, S>> callStarted(C call, boolean proposable) {
        List<SessionAction<C, S>> out = new ArrayList<>();
        this.proposable = proposable;
        route(Collections.singletonList(call), false, out);
        return out;
    }

    /**
     * The answer granted a stream: open it, or take the proposed session's (once it connected). One where the
     * proposed session's stream could not connect is not dialled again: it cannot open ({@link #streamOpenFailed}).
     */
    List<SessionAction<C, S>> streamGranted(StreamGrant granted) {
        List<SessionAction<C, S>> out = new ArrayList<>();
        if (state == SessionState.NEGOTIATING) {
            boolean proposalGranted = early.isGrantedBy(granted);
            boolean unreachable = early.cannotReach(granted);
            S opened = proposalGranted ? early.stream() : null;
            if (!proposalGranted) {
                early.abandon(out);
            }
            state = granted.fromTicket ? SessionState.RESUMING : SessionState.CONNECTING;
            grant = granted;
            if (opened != null) {
                out.addAll(streamOpened(takeEarly(opened)));
            } else if (unreachable) {
                out.addAll(streamOpenFailed());
            } else if (!proposalGranted) {
                out.add(SessionAction.<C, S>openStream(granted));
            }
        }
        return out;
    }

    /** The offer about to leave proposes {@code grant}'s session, whose stream opens meanwhile; false: too late. */
    boolean streamProposed(StreamGrant grant) {
        return state == SessionState.NEGOTIATING && early.propose(grant);
    }

    /**
     * {@code proposal}'s stream opened (HELLO out) or not (null, though its endpoint took the connection):
     * {@link EarlyStream}; a failed offer's is dropped.
     */
    List<SessionAction<C, S>> earlyStreamConnected(StreamGrant proposal, S opened) {
        boolean granted = state == SessionState.CONNECTING && early.isProposal(proposal);
        if (opened == null) {
            return early.failed(proposal, granted ? grant : null);
        }
        return granted ? streamOpened(takeEarly(opened))
                : early.opened(proposal, opened, waiting, state == SessionState.NEGOTIATING);
    }

    /**
     * {@code proposal}'s stream could not connect to its endpoint (refused, or unanswered for the connect timeout).
     * A grant of that endpoint, the proposal's already or the answer's still out, cannot open either: the session
     * goes on as when a granted stream cannot open ({@link #streamOpenFailed}), without dialling it again. A grant
     * of another endpoint opens the ordinary way.
     */
    List<SessionAction<C, S>> earlyStreamUnreachable(StreamGrant proposal) {
        boolean granted = state == SessionState.CONNECTING && early.isProposal(proposal);
        early.unreachable(proposal);
        List<SessionAction<C, S>> out = new ArrayList<>();
        if (granted) {
            boolean unreachable = early.cannotReach(grant);
            early.forget();
            if (unreachable) {
                return streamOpenFailed();
            }
            out.add(SessionAction.<C, S>openStream(grant));
        }
        return out;
    }

    /**
     * The granted proposal's early stream becomes the session's: the grant is where that stream runs (the answer
     * may name the proposed endpoint among its alternatives), so that a loss of it moves on to the next endpoint.
     */
    private S takeEarly(S opened) {
        grant = grant.at(early.endpoint());
        return early.taken(opened);
    }

    /** The service declined, or does not speak HHFR: the session stays on SOAP. */
    List<SessionAction<C, S>> streamDeclined() {
        List<SessionAction<C, S>> out = new ArrayList<>();
        if (state == SessionState.NEGOTIATING) {
            early.abandon(out);
            fallBack(SessionState.SOAP);
            SessionAction.sendOverSoap(waiting.release(), out);
        }
        return out;
    }

    /**
     * The negotiation got no answer ({@code reason}: the network failed, it timed out): the waiting calls go over
     * SOAP, those already on an early stream fail with the reason; the next new call offers again.
     */
    List<SessionAction<C, S>> negotiationFailed(String reason) {
        return negotiationFailed(reason, SessionState.NEW);
    }

    /**
     * The service answered the negotiation with an error that is no answer ({@code reason}: an HTTP 500 page):
     * as {@link #negotiationFailed}, but the session stays on SOAP until it offers again after a wait that backs
     * off, as after a decline, since the next negotiation would most likely fail the same way.
     */
    List<SessionAction<C, S>> negotiationAnsweredWithError(String reason) {
        return negotiationFailed(reason, SessionState.SOAP);
    }

    private List<SessionAction<C, S>> negotiationFailed(String reason, SessionState soapOrNew) {
        List<SessionAction<C, S>> out = new ArrayList<>();
        if (state == SessionState.NEGOTIATING) {
            early.lose(reason, out);
            fallBack(soapOrNew);
            SessionAction.sendOverSoap(waiting.release(), out);
        }
        return out;
    }

    /** The granted stream is open: the waiting calls leave on it, in order. Closed at once after a close. */
    List<SessionAction<C, S>> streamOpened(S opened) {
        List<SessionAction<C, S>> out = new ArrayList<>();
        if (state == SessionState.CONNECTING || state == SessionState.RESUMING) {
            state = SessionState.STREAMING;
            stream = opened;
            otherCaller = null;
            offerAgainAfter = firstOfferAgainMillis;
            grant = grant.opened();
            streamed = grant;
            List<C> released = waiting.release();
            if (!released.isEmpty()) {
                out.add(SessionAction.sendOnStream(released, opened));
            }
        } else {
            out.add(SessionAction.<C, S>closeStream(opened));
        }
        return out;
    }

    /**
     * The granted stream could not be opened (unreachable, or refused before it carried a call): a ticket's is
     * tried at its next endpoint, then lost as if refused once open ({@link #streamRefused}), yet negotiating at
     * once when opened so; a fresh one falls back to SOAP. The ticket is forgotten.
     */
    List<SessionAction<C, S>> streamOpenFailed() {
        List<SessionAction<C, S>> out = new ArrayList<>();
        StreamGrant next = state == SessionState.RESUMING ? grant.atNextEndpoint() : null;
        if (next != null) {
            grant = next;
            out.add(SessionAction.<C, S>openStream(next));
        } else if (state == SessionState.RESUMING) {
            List<C> calls = waiting.failInDoubt(waiting.takeAll(), out);
            out.add(SessionAction.<C, S>forgetTicket());
            state = negotiatesEagerly ? SessionState.NEGOTIATING : SessionState.STREAM_LOST;
            if (negotiatesEagerly) {
                out.add(SessionAction.<C, S>negotiate());
            }
            route(calls, true, out);
        } else if (state == SessionState.CONNECTING) {
            out.add(SessionAction.<C, S>forgetTicket());
            fallBack(SessionState.SOAP);
            SessionAction.sendOverSoap(waiting.release(), out);
        } else if (state == SessionState.CLOSED) {
            out.add(SessionAction.<C, S>forgetTicket());
        }
        return out;
    }

    /** {@code refused}'s server ran none of {@code calls}: like a failed open, then the calls go the new way. */
    List<SessionAction<C, S>> streamRefused(S refused, List<C> calls) {
        List<SessionAction<C, S>> out = new ArrayList<>();
        early.refused(refused, out);
        if (isCurrent(refused)) {
            out.add(SessionAction.<C, S>forgetTicket());
            out.add(SessionAction.<C, S>closeStream(refused));
            stream = null;
            if (grant.fromTicket) {
                state = SessionState.STREAM_LOST;
            } else {
                fallBack(SessionState.SOAP);
            }
        }
        route(calls, true, out);
        return out;
    }

    /**
     * {@code call} left {@code stream} with HTTP headers other than the session's caller's, digesting to
     * {@code caller}. Once, it goes over SOAP alone and the stream stays for the session's caller: a header an
     * interceptor gives some calls (an idempotency key) must not cost the others their stream, nor each call a
     * negotiation. When the next such call brings the same headers (a new user, a renewed token), the stream is
     * closed with its ticket, and the call goes over SOAP at once with a new offer, so its headers reach the
     * service and become the caller of the session it negotiates. A call of the session's caller ({@code caller}
     * null) whose headers change what it does (an idempotency key) goes over SOAP alone however often it comes: a
     * retried payment is no new caller. A call that left the early stream of the negotiation out goes over SOAP
     * alone too (the negotiation decides the caller), never back onto that stream. A call in doubt (sent on a
     * lost stream of the session, and sent again on this one) never goes over SOAP, where nothing knows whether
     * it ran: it fails, as when no stream of its server session takes it.
     */
    List<SessionAction<C, S>> callerChanged(S stream, C call, String caller) {
        List<SessionAction<C, S>> out = new ArrayList<>();
        boolean onEarly = state == SessionState.NEGOTIATING && stream.equals(early.stream());
        if (!onEarly && !isCurrent(stream)) {
            route(Collections.singletonList(call), true, out);
        } else if (onEarly || caller == null) {
            SessionAction.sendOverSoap(waiting.failInDoubt(Collections.singletonList(call), out), out);
        } else if (!caller.equals(otherCaller)) {
            otherCaller = caller;
            SessionAction.sendOverSoap(waiting.failInDoubt(Collections.singletonList(call), out), out);
        } else {
            otherCaller = null;
            out.add(SessionAction.<C, S>forgetTicket());
            out.add(SessionAction.<C, S>closeStream(stream));
            this.stream = null;
            state = SessionState.SOAP;
            streamed = null;
            offerAgainAt = clock.millis();
            route(Collections.singletonList(call), true, out);
        }
        return out;
    }

    /** {@code lost} failed for good: closed with its ticket; the next call negotiates; {@code unsent} go on. */
    List<SessionAction<C, S>> streamLost(S lost, List<C> unsent) {
        List<SessionAction<C, S>> out = new ArrayList<>();
        if (isCurrent(lost)) {
            out.add(SessionAction.<C, S>forgetTicket());
            out.add(SessionAction.<C, S>closeStream(lost));
            stream = null;
            state = SessionState.STREAM_LOST;
        }
        route(unsent, true, out);
        return out;
    }

    /**
     * {@code lost} failed after its server accepted it (its node stopped, or stayed unreachable), and
     * {@code calls} (its unanswered calls, or calls made on it since) go on: a new stream of the same session
     * opens at the ticket's next endpoint, without negotiating; the nodes behind it answer a call that ran with
     * its recorded reply. When every endpoint was tried, as {@link #streamLost}, and the calls in doubt fail.
     */
    List<SessionAction<C, S>> streamFailedOver(S lost, List<C> calls) {
        List<SessionAction<C, S>> out = new ArrayList<>();
        if (isCurrent(lost)) {
            out.add(SessionAction.<C, S>closeStream(lost));
            stream = null;
            StreamGrant next = grant.atNextEndpoint();
            if (next != null) {
                state = SessionState.RESUMING;
                grant = next;
                out.add(SessionAction.<C, S>openStream(next));
            } else {
                out.add(SessionAction.<C, S>forgetTicket());
                state = SessionState.STREAM_LOST;
            }
        }
        route(calls, true, out);
        return out;
    }

    /** Fails the waiting calls, closes the stream and keeps its ticket for 90% of its validity. */
    List<SessionAction<C, S>> closeRequested() {
        List<SessionAction<C, S>> out = new ArrayList<>();
        if (state == SessionState.CLOSED) {
            return out;
        }
        List<C> abandoned = waiting.takeAll();
        if (!abandoned.isEmpty()) {
            out.add(SessionAction.<C, S>failCalls(abandoned, SessionAction.Failure.SESSION_CLOSED));
        }
        early.close(out);
        if (state == SessionState.STREAMING) {
            out.add(SessionAction.<C, S>closeStream(stream));
            long validFor = grant.validForMillis();
            out.add(SessionAction.<C, S>storeTicket(grant, validFor - validFor / EXPIRY_MARGIN_DIVISOR));
        }
        stream = null;
        state = SessionState.CLOSED;
        return out;
    }

    /**
     * Leaves streams behind: the session is on SOAP until the next call's offer is answered ({@code NEW}), or
     * until a call made once the backoff passed offers again ({@code SOAP}).
     */
    private void fallBack(SessionState soapOrNew) {
        state = soapOrNew;
        streamed = null;
        if (soapOrNew == SessionState.SOAP) {
            long now = clock.millis();
            offerAgainAt = offerAgainAfter > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + offerAgainAfter;
            offerAgainAfter = Math.max(firstOfferAgainMillis, Math.min(MAX_OFFER_AGAIN_MILLIS, 2 * offerAgainAfter));
        }
    }

    private boolean isCurrent(S candidate) {
        return state == SessionState.STREAMING && stream.equals(candidate);
    }

    /**
     * Puts calls on the road of the current state, in order. {@code returned}: calls that were already
     * accepted once (handed back by a stream), which wait beyond the limit of new calls.
     */
    private void route(List<C> all, boolean returned, List<SessionAction<C, S>> out) {
        List<C> calls = state == SessionState.STREAMING || state == SessionState.RESUMING ? all
                : waiting.failInDoubt(all, out);
        int next = 0;
        while (next < calls.size()) {
            switch (state) {
                case NEW:
                    state = SessionState.NEGOTIATING;
                    out.add(proposable ? SessionAction.<C, S>negotiate()
                            : SessionAction.<C, S>sendWithOffer(calls.get(next++)));
                    break;
                case STREAM_LOST:
                    state = SessionState.NEGOTIATING;
                    out.add(SessionAction.<C, S>negotiate());
                    break;
                case NEGOTIATING:
                    if (early.stream() != null) {
                        out.add(SessionAction.sendOnStream(tail(calls, next), early.stream()));
                        return;
                    }
                    waiting.enqueue(calls.get(next++), returned, out);
                    break;
                case CONNECTING:
                case RESUMING:
                    waiting.enqueue(calls.get(next++), returned, out);
                    break;
                case STREAMING:
                    out.add(SessionAction.sendOnStream(tail(calls, next), stream));
                    return;
                case SOAP:
                    if (clock.millis() >= offerAgainAt) {
                        offerAgainAt = Long.MAX_VALUE;
                        state = SessionState.NEGOTIATING;
                        out.add(SessionAction.<C, S>sendWithOffer(calls.get(next++)));
                        break;
                    }
                    SessionAction.sendOverSoap(tail(calls, next), out);
                    return;
                default:
                    out.add(SessionAction.<C, S>failCalls(tail(calls, next), SessionAction.Failure.SESSION_CLOSED));
                    return;
            }
        }
    }
}
