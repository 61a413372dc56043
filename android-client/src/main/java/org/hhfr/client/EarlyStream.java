package org.hhfr.client;

import java.util.ArrayList;
import java.util.List;

import org.hhfr.contextstore.StreamEndpoint;

/**
 * The stream of the session an offer proposes, for a {@link SessionStateMachine}: from the offer, while its
 * stream connects and carries calls before the answer, until the answer makes it the session's stream or it is
 * given up. Pure, like the machine.
 *
 * @param <C> a call with its request
 * @param <S> an open stream
 */
final class EarlyStream<C, S> {
    /** The proposed session's grant; {@code null} when no proposal is out. */
    private StreamGrant proposed;
    /** Its stream once open; {@code null} while it connects, or when none is out. */
    private S stream;
    /** The proposal whose stream could not connect to its endpoint, until the answer is read; else {@code null}. */
    private StreamGrant unreachable;

    /** The offer about to leave proposes {@code grant}'s session; always true. */
    boolean propose(StreamGrant grant) {
        proposed = grant;
        stream = null;
        return true;
    }

    /** Whether {@code proposal} is the session proposed now (not one of an earlier, failed offer). */
    boolean isProposal(StreamGrant proposal) {
        return proposed != null && proposed == proposal;
    }

    /** Whether {@code granted} grants the proposed session. */
    boolean isGrantedBy(StreamGrant granted) {
        return proposed != null && proposed.isGrantedBy(granted);
    }

    /** The proposed session's grant once its stream is open and carries the calls; else {@code null}. */
    StreamGrant carrying() {
        return stream != null ? proposed : null;
    }

    /** Where the proposed session's stream opens; {@code null} when no proposal is out. */
    StreamEndpoint endpoint() {
        return proposed != null ? proposed.endpoint() : null;
    }

    /** The open early stream, or {@code null}. */
    S stream() {
        return stream;
    }

    /**
     * {@code proposal}'s stream opened: while its offer is out ({@code offerOut}, and no later offer proposes
     * another session), the calls {@code waiting} follow it at once; otherwise the answer went another way, or
     * the offer failed, and it is given up (it carries no call).
     */
    List<SessionAction<C, S>> opened(StreamGrant proposal, S opened, WaitingCalls<C> waiting, boolean offerOut) {
        List<SessionAction<C, S>> out = new ArrayList<>();
        if (offerOut && isProposal(proposal)) {
            stream = opened;
            List<C> released = waiting.release();
            if (!released.isEmpty()) {
                out.add(SessionAction.sendOnStream(released, opened));
            }
        } else {
            out.add(SessionAction.<C, S>abandonStream(opened));
        }
        return out;
    }

    /**
     * {@code proposal}'s stream did not open, though its endpoint took the connection (refused at once, or its HELLO
     * could not be written): the calls wait for the answer. When the answer already granted the proposed session
     * ({@code granted}, else {@code null}), its stream is opened the ordinary way. The failure of an earlier offer's
     * proposal changes nothing.
     */
    List<SessionAction<C, S>> failed(StreamGrant proposal, StreamGrant granted) {
        List<SessionAction<C, S>> out = new ArrayList<>();
        if (!isProposal(proposal)) {
            return out;
        }
        if (granted != null) {
            out.add(SessionAction.<C, S>openStream(granted));
        }
        forget();
        return out;
    }

    /**
     * {@code proposal}'s stream could not connect to its endpoint (refused, or unanswered for the connect timeout):
     * nothing is proposed any more, and the calls wait for the answer, which {@link #cannotReach} then checks. The
     * failure of an earlier offer's proposal changes nothing.
     */
    void unreachable(StreamGrant proposal) {
        if (isProposal(proposal)) {
            forget();
            unreachable = proposal;
        }
    }

    /**
     * Whether {@code granted} opens where the proposed session's stream could not connect: dialling there again
     * would only fail again, or wait as long.
     */
    boolean cannotReach(StreamGrant granted) {
        return unreachable != null && unreachable.mode() == granted.mode()
                && unreachable.endpoint().equals(granted.endpoint());
    }

    /** The answer granted the proposed session, and {@code opened} is its stream: the session's from now on. */
    S taken(S opened) {
        forget();
        return opened;
    }

    /** The early stream now is the session's (or will never be): nothing is proposed any more. */
    void forget() {
        proposed = null;
        stream = null;
        unreachable = null;
    }

    /** {@code refused} was refused by its server: when it is the early stream, it is closed and the proposal over. */
    void refused(S refused, List<SessionAction<C, S>> out) {
        if (refused.equals(stream)) {
            out.add(SessionAction.<C, S>closeStream(refused));
            forget();
        }
    }

    /** Gives the proposal up: an open early stream is abandoned, its server having run none of its calls. */
    void abandon(List<SessionAction<C, S>> out) {
        if (stream != null) {
            out.add(SessionAction.<C, S>abandonStream(stream));
        }
        forget();
    }

    /** Gives the proposal up without knowing what its server ran: an open early stream is closed, its calls fail. */
    void close(List<SessionAction<C, S>> out) {
        if (stream != null) {
            out.add(SessionAction.<C, S>closeStream(stream));
        }
        forget();
    }

    /**
     * Gives the proposal up when its negotiation failed ({@code reason}), not knowing what its server ran: an open
     * early stream is closed, and its calls fail with the reason.
     */
    void lose(String reason, List<SessionAction<C, S>> out) {
        if (stream != null) {
            out.add(SessionAction.<C, S>loseStream(stream, reason));
        }
        forget();
    }
}
