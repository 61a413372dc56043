package org.hhfr.client;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.ProposedSession;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.client.OptimisticResult;
import org.hhfr.negotiation.soap.HttpCallControl;
import org.hhfr.negotiation.soap.HttpResponseException;
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.XmlRepresentation;
import org.hhfr.transports.auth.SessionId;

/**
 * The I/O adapter of a {@link SessionStateMachine}: it feeds the machine events under its lock, takes the
 * actions out and performs them outside the lock, so no network call (negotiation, stream set-up, SOAP) ever
 * holds it: a slow one holds up neither the session's other calls nor {@link #close()}.
 *
 * <p>Threads: network actions run on the thread that caused them when it may block (a blocking
 * {@link Session#call}, {@link HhfrClient#open}, or a task of this driver), otherwise (an asynchronous call, a
 * stream's reader handing calls back) on the builder's executor or a short-lived {@code hhfr-call} thread. A
 * separate negotiation never runs on a blocking call's thread: its deadline must hold.
 * A granted stream is connected in the background, so the offering call returns with its answer at once. When
 * the client expects the stream's endpoint, a separate negotiation proposes the session, whose stream opens (its
 * TCP connection {@linkplain StreamConnector#connectEarly early}) and carries every call, the first included,
 * while the negotiation is out. Calls sent over SOAP in a batch go through {@link SoapLanes}.
 */
final class SessionDriver implements StreamConnector.Returns {
    private final HhfrClient client;
    private final ClientSettings settings;
    private final Operation operation;
    private final TicketKey ticketKey;
    private final XmlRepresentation xml;
    /** Plain SOAP: the fallback, and the road of one-way operations. Stateless, so shared. */
    private final SoapChannel soap;
    private final Object lock = new Object();
    /** Guarded by {@link #lock}. */
    private final SessionStateMachine<UnsentCall, Channel> machine;
    private final BackgroundWork background;
    /** The app's listener, told of the machine's steps outside the lock. */
    private final SessionEvents events;
    private final StreamConnector connector;
    private final SoapLanes soapLanes;
    /**
     * Guards {@link #held} and {@link #holdsNoMore}, and the ticket cache's hold and release that follow them, so
     * that a grant answered after close (close does not wait for a negotiation) never holds a server session for
     * good.
     */
    private final Object holding = new Object();
    /** The server session this session streams on, held in the client's ticket cache; null when none. */
    private SessionId held;
    /** The session closed: it holds no server session from now on. */
    private boolean holdsNoMore;
    /** Done once the stream of the session proposed last opened or failed, and the machine heard of it. */
    private volatile Future<?> proposedOpening = CompletableFuture.completedFuture(null);

    SessionDriver(HhfrClient client, Operation operation, Session session) {
        this.client = client;
        this.settings = client.settings();
        this.operation = operation;
        this.ticketKey = TicketKey.of(settings.serviceUrl.toString(), operation.soapAction() + " "
                + operation.element() + settings.identityDigest, operation.fingerprint());
        this.xml = new XmlRepresentation(settings.streamerLimits());
        this.soap = new SoapChannel(settings, operation);
        boolean streamsWanted = !settings.transportUris().isEmpty() && !operation.isOneWay();
        this.machine = new SessionStateMachine<>(streamsWanted, Session.MAX_WAITING_CALLS, MonotonicClock.SYSTEM,
                unsent -> unsent.call.deadlineMillis(), unsent -> unsent.call.isDone(),
                unsent -> unsent.call.isInDoubt(), settings.offerAgainAfterMillis);
        this.events = new SessionEvents(settings.eventListener, session, settings.encryptedOnly);
        this.background = new BackgroundWork(settings.executor);
        this.connector = new StreamConnector(client, operation, this, events);
        this.soapLanes = new SoapLanes(soap, background);
    }

    /**
     * Sends a call of a one-way operation over SOAP on this thread (one-way operations never stream): a closing
     * session fails it and aborts its request, as it does a call's.
     */
    void sendOneWay(PendingCall call, Message request) {
        soapLanes.sendOneWay(call, request);
    }

    boolean isClosed() {
        return feed(m -> m.state() == SessionState.CLOSED);
    }

    /** The mode of the stream the session streams on, or replaces after a loss; SOAP once it fell back. */
    Mode mode() {
        StreamGrant streamed = feed(SessionStateMachine::streamed);
        return streamed != null ? streamed.mode() : Mode.SOAP;
    }

    /** The open stream, or SOAP. */
    Channel channel() {
        Channel stream = feed(SessionStateMachine::stream);
        return stream != null ? stream : soap;
    }

    /**
     * Reopens a stream from a still valid ticket no other open session streams on, or negotiates now when the
     * client asks for it.
     */
    void open() {
        StreamGrant ticket = client.tickets().take(ticketKey).map(StreamGrant::fromTicket).orElse(null);
        if (ticket != null) {
            synchronized (holding) {
                if (holdsNoMore) {
                    client.tickets().release(ticket.ticket.sessionId()); // closed by the client's close meanwhile
                } else {
                    held = ticket.ticket.sessionId();
                }
            }
        }
        perform(feed(m -> m.opened(ticket, settings.negotiateOnOpen)), true, null);
        if (settings.negotiateOnOpen) {
            awaitProposedStream();
        }
    }

    /** A granted proposal's stream may still be connecting: open() returns once it is open, as for any grant. */
    private void awaitProposedStream() {
        try {
            proposedOpening.get(settings.connectTimeoutMillis + settings.readTimeoutMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // The machine heard how the opening ended, or will: calls follow the stream once it opens.
        }
    }

    /**
     * Starts a call. {@code blocking}: the calling thread waits for it anyway, so it may make network calls
     * (an offer, a negotiation, the call itself over SOAP); otherwise they go to the background.
     */
    void start(PendingCall call, Message request, boolean blocking) {
        UnsentCall unsent = new UnsentCall(call, request);
        List<SessionAction<UnsentCall, Channel>> actions = lostStream();
        boolean proposable = connector.canPropose();
        actions.addAll(feed(m -> m.callStarted(unsent, proposable)));
        perform(actions, blocking, blocking ? unsent : null);
    }

    /** Fails waiting calls, closes the stream (bounded, see {@link Channel#close}); never waits for a negotiation. */
    void close() {
        List<SessionAction<UnsentCall, Channel>> actions = lostStream();
        actions.addAll(step(SessionStateMachine::closeRequested, null));
        connector.close();
        perform(actions, true, null);
        soapLanes.close(() -> SessionFailures.closed(operation));
        synchronized (holding) {
            holdsNoMore = true;
            if (held != null) {
                client.tickets().release(held);
                held = null;
            }
        }
    }

    /**
     * The answer granted {@code granted}: the session holds its server session, its ticket in the cache says whose
     * session it is, and the machine hears of it. The negotiator kept the answer's ticket, which names no caller
     * (so any call streams on it): a session that takes it once this one closed or left it, before this one
     * closed streaming (a close while the negotiation is out, or the stream connecting), would stream every
     * caller's calls as this negotiation's caller.
     */
    private List<SessionAction<UnsentCall, Channel>> streamGranted(StreamGrant granted) {
        hold(granted.ticket.sessionId());
        long validFor = granted.validForMillis();
        client.tickets().put(ticketKey, granted.ticket,
                validFor - validFor / SessionStateMachine.EXPIRY_MARGIN_DIVISOR);
        // The reason is told only when the grant cannot open: where the proposed session's stream could not connect.
        List<SessionAction<UnsentCall, Channel>> next = step(m -> m.streamGranted(granted),
                StreamConnector.unreachable(granted.endpoint()));
        failOverFromTakenStream();
        return next;
    }

    /**
     * The session may stream on the early stream of the session it proposed now, which the answer granted: that
     * stream was opened knowing no other endpoint, so it learns the answer's, and a loss of it moves its calls
     * there as for any stream of the session.
     */
    private void failOverFromTakenStream() {
        Channel stream = feed(SessionStateMachine::stream);
        StreamGrant streamed = feed(SessionStateMachine::streamed);
        StreamChannel.Failover failover = streamed != null ? StreamConnector.failover(streamed, this) : null;
        if (stream instanceof StreamChannel && failover != null) {
            ((StreamChannel) stream).failOverTo(failover);
        }
    }

    /**
     * The session streams on server session {@code id} now: other sessions of the client do not take its ticket.
     * Once closed it holds none: a negotiation answered after the close grants a session it never streams on, whose
     * ticket is then the next session's.
     */
    private void hold(SessionId id) {
        synchronized (holding) {
            if (holdsNoMore || id.equals(held)) {
                return;
            }
            client.tickets().hold(id);
            if (held != null) {
                client.tickets().release(held);
            }
            held = id;
        }
    }

    /** Tells the machine when its stream failed for good since it last looked. */
    private List<SessionAction<UnsentCall, Channel>> lostStream() {
        Channel stream = feed(SessionStateMachine::stream);
        if (stream != null && !stream.isUsable()) {
            return step(m -> m.streamLost(stream, Collections.<UnsentCall>emptyList()), failureOf(stream));
        }
        return new ArrayList<>();
    }

    private <T> T feed(Function<SessionStateMachine<UnsentCall, Channel>, T> event) {
        synchronized (lock) {
            return event.apply(machine);
        }
    }

    /** Feeds an event that may change the machine's state, then tells the listener ({@code reason}: why). */
    private List<SessionAction<UnsentCall, Channel>> negotiationFailed(String reason) {
        return step(machine -> machine.negotiationFailed(reason), reason);
    }

    /**
     * The negotiation failed with {@code cause}: an error page the service answered with (HTTP 500) keeps the
     * session on SOAP for a while, as the next negotiation would meet it too; anything else lets the next call
     * offer again.
     */
    private List<SessionAction<UnsentCall, Channel>> negotiationFailed(IOException cause, String reason) {
        return cause instanceof HttpResponseException
                ? step(machine -> machine.negotiationAnsweredWithError(reason), reason) : negotiationFailed(reason);
    }

    private List<SessionAction<UnsentCall, Channel>> step(
            Function<SessionStateMachine<UnsentCall, Channel>, List<SessionAction<UnsentCall, Channel>>> event,
            String reason) {
        SessionState before;
        SessionState after;
        StreamGrant streamed;
        List<SessionAction<UnsentCall, Channel>> actions;
        synchronized (lock) {
            before = machine.state();
            actions = event.apply(machine);
            after = machine.state();
            streamed = machine.streamed();
            events.changed(before, after, streamed, reason); // recorded in the order of the steps
        }
        events.tell();
        return actions;
    }

    private static String failureOf(Channel stream) {
        return stream instanceof StreamChannel ? ((StreamChannel) stream).failureReason() : null;
    }

    /**
     * Performs actions in order, never under the lock. {@code mayBlock}: this thread may make network calls.
     * {@code own}: the call this thread waits for, sent over SOAP right here when it goes alone.
     */
    private void perform(List<SessionAction<UnsentCall, Channel>> actions, boolean mayBlock, UnsentCall own) {
        for (SessionAction<UnsentCall, Channel> action : actions) {
            switch (action.kind()) {
                case SEND_WITH_OFFER:
                    UnsentCall offering = action.call();
                    background.runHereOr(mayBlock, () -> sendWithOffer(offering));
                    break;
                case NEGOTIATE:
                    // Never on a blocking call's thread: bounded by the connect and read timeouts, not by the
                    // call's deadline, it would hold the call past it. The call waits for the answer as any does.
                    background.runHereOr(mayBlock && own == null, this::negotiate);
                    break;
                case OPEN_STREAM:
                    background.runHereOr(mayBlock, () -> openStream(action.grant(), mayBlock ? own : null));
                    break;
                case SEND_ON_STREAM:
                    sendOnStream(action.calls(), action.stream(), mayBlock, own);
                    break;
                case SEND_OVER_SOAP:
                    soapLanes.send(action.calls(), mayBlock ? own : null);
                    break;
                case FAIL_CALLS:
                    for (UnsentCall unsent : action.calls()) {
                        unsent.call.fail(SessionFailures.of(action.failure(), operation, settings.serviceUrl));
                    }
                    break;
                case STORE_TICKET:
                    client.tickets().put(ticketKey, action.grant().ticket, action.keepForMillis());
                    break;
                case FORGET_TICKET:
                    client.negotiator().forget(ticketKey);
                    break;
                case CLOSE_STREAM:
                    action.stream().close();
                    break;
                case LOSE_STREAM:
                    action.stream().close(new StreamLostException("the call was on the stream opened before the "
                            + "answer to a negotiation that failed (" + action.reason() + "): it may have run", null));
                    break;
                case ABANDON_STREAM:
                    connector.abandon(action.stream());
                    break;
                default:
                    throw new AssertionError(action);
            }
        }
    }

    /**
     * The optimistic style: the call is made over SOAP with the offer and completed with its answer as soon as
     * the machine heard that answer (so the session's mode follows it); the stream the answer grants is then
     * connected in the background (calls made meanwhile wait for it).
     */
    private void sendWithOffer(UnsentCall offering) {
        HttpCallControl control;
        try {
            control = SoapChannel.control(offering.call, offering.request);
        } catch (Error e) {
            // An interceptor's, which failed the call and goes on to the app: the session must not stay negotiating.
            perform(negotiationFailed("the offering call was stopped by an interceptor: " + e), true, null);
            throw e;
        }
        if (control == null) {
            perform(negotiationFailed("the offering call ended early"), true, null);
            return;
        }
        // Out over SOAP like any call: closing the session fails it and aborts its request.
        if (!soapLanes.track(offering.call)) {
            return;
        }
        try {
            sendWithOffer(offering, control);
        } finally {
            soapLanes.untrack(offering.call);
        }
    }

    private void sendWithOffer(UnsentCall offering, HttpCallControl control) {
        OptimisticResult<Message> result;
        try {
            SoapChannel.checkRequestSize(xml, offering.request, settings.maxMessageBytes);
            result = client.negotiator().callWithOffer(ticketKey, operation.soapAction(), settings.offerFor(operation).build(),
                    SoapChannel.envelopeHeaders(settings, offering.call), MessageBody.writer(xml, offering.request),
                    MessageBody.reader(xml, operation.response()), control);
        } catch (IOException e) {
            HhfrException failure = SoapErrors.translate(e, "the call " + operation.element().localName() + " at "
                    + settings.serviceUrl, settings.readTimeoutMillis, settings.maxMessageBytes);
            offering.call.fail(failure);
            perform(negotiationFailed(e, failure.getMessage()), true, null);
            return;
        } catch (RuntimeException | Error e) {
            perform(negotiationFailed("the offering call failed: " + e), true, null);
            throw e;
        }
        NegotiationOutcome outcome = result.outcome();
        List<SessionAction<UnsentCall, Channel>> next = outcome.streaming()
                ? streamGranted(StreamGrant.fromAnswer(outcome,
                        ClientSettings.callerHeaders(offering.call.departedHeaders())))
                : step(SessionStateMachine::streamDeclined, outcome.reason());
        offering.call.complete(result.response().body());
        background.runHereOr(!outcome.streaming(), () -> perform(next, true, null));
    }

    /**
     * {@code offer}, proposing the session of the stream the service is hinted to serve, which opens now in the
     * background so that its HELLO and the calls waiting leave while the negotiation is out; only calls of
     * {@code caller} (see {@link org.hhfr.contextstore.ResumptionTicket#callerHeaders}) go on it.
     */
    private Offer proposing(Offer offer, String caller) {
        StreamGrant proposal = connector.propose(offer, caller);
        if (proposal == null || !feed(m -> m.streamProposed(proposal))) {
            return offer;
        }
        hold(proposal.ticket.sessionId()); // before the answer can put its ticket in the cache

        FutureTask<Void> opening = new FutureTask<>(() -> {
            List<SessionAction<UnsentCall, Channel>> next;
            try {
                Channel early = connector.openProposed(proposal);
                next = step(m -> m.earlyStreamConnected(proposal, early), null);
            } catch (HhfrException unreachable) {
                next = step(m -> m.earlyStreamUnreachable(proposal), unreachable.getMessage());
            }
            failOverFromTakenStream();
            perform(next, true, null);
        }, null);
        proposedOpening = opening;
        background.run(opening);
        return offer.toBuilder().proposedSession(ProposedSession.of(proposal.ticket.sessionId(),
                proposal.ticket.token(), proposal.ticket.transportUri(), proposal.endpoint())).build();
    }

    /**
     * Negotiates with a separate request, proposing the session when it can; a failure leaves calls to SOAP. The
     * request carries the HTTP headers the interceptors give it (a bearer token), which become the session's
     * caller.
     */
    private void negotiate() {
        List<SessionAction<UnsentCall, Channel>> next;
        connector.connectEarly(background);
        HttpCallControl control = new HttpCallControl();
        control.onRequestSent(connector::offerSent);
        Map<String, String> headers;
        try {
            headers = negotiationHeaders();
        } catch (Error e) {
            // As an Error from a call's interceptor, it reaches the app; the session must not stay negotiating
            // for good: it goes on over SOAP, and offers again later on a call, which the interceptors see whole.
            connector.dropEarly();
            String reason = "an interceptor failed on the session's negotiation: " + e;
            perform(step(m -> m.negotiationAnsweredWithError(reason), reason), true, null);
            throw e;
        }
        for (Map.Entry<String, String> header : headers.entrySet()) {
            control.header(header.getKey(), header.getValue());
        }
        String caller = ClientSettings.callerHeaders(headers);
        try {
            Offer offer = proposing(settings.offerFor(operation).action(operation.soapAction()).build(), caller);
            NegotiationOutcome outcome = client.negotiator().negotiate(ticketKey, offer, settings.staticHeaders,
                    control);
            if (outcome.streaming()) {
                next = streamGranted(StreamGrant.fromAnswer(outcome, caller));
            } else {
                connector.dropEarly();
                next = step(SessionStateMachine::streamDeclined, outcome.reason());
            }
        } catch (IOException e) {
            connector.dropEarly();
            // Refused before the service (HTTP 401, 403, 407): nothing was stored, no early call ran; SOAP says why.
            next = SoapErrors.refusedBeforeService(e)
                    ? step(SessionStateMachine::streamDeclined, "the negotiation was refused: " + e.getMessage())
                    : negotiationFailed(e, "the negotiation failed: " + e.getMessage());
        }
        perform(next, true, null);
    }

    /**
     * The HTTP headers the interceptors give the session's own negotiation (a call of its operation over SOAP
     * without a request). None when one threw (one that reads the request, say): the negotiation goes without
     * them rather than crash the app, and the calls that carry them then offer a session of their own.
     */
    private Map<String, String> negotiationHeaders() {
        try {
            return new CallDetails(operation, null, Mode.SOAP).seenBy(settings.interceptors).headers();
        } catch (RuntimeException e) {
            return Collections.emptyMap();
        }
    }

    /**
     * Opens the granted stream and reports how that went. A stream its server refused before it was reported
     * open counts as not opened; one whose connect the session's close ended is not reported: it says nothing of
     * its endpoint, so the ticket stays.
     */
    private void openStream(StreamGrant grant, UnsentCall own) {
        Channel opened;
        String failure = "the " + grant.mode() + " stream at " + grant.endpoint() + " did not open";
        try {
            opened = connector.connect(grant);
        } catch (SessionClosedException e) {
            return;
        } catch (HhfrException e) {
            opened = null;
            failure = e.getMessage();
        }
        List<SessionAction<UnsentCall, Channel>> next;
        if (opened != null && opened.isUsable()) {
            Channel stream = opened;
            next = step(m -> m.streamOpened(stream), null);
        } else {
            if (opened != null) {
                String refused = failureOf(opened);
                failure = refused != null ? refused : failure;
                opened.close();
            }
            next = step(SessionStateMachine::streamOpenFailed, failure);
        }
        perform(next, true, own);
    }

    /** A stream's server refused it before running any of {@code calls}; on a reader thread, so not here. */
    @Override
    public void handBack(StreamChannel refused, List<UnsentCall> calls) {
        background.run(() -> perform(step(m -> m.streamRefused(refused, calls), refused.failureReason()), true, null));
    }

    /**
     * {@code call} left with HTTP headers other than those of the call that negotiated the stream's session,
     * which the service holds as the session's caller, or with one that changes what it does: it goes over SOAP
     * (see {@link SessionStateMachine#callerChanged}).
     */
    @Override
    public void callerChanged(StreamChannel stream, UnsentCall call, String caller) {
        background.run(() -> perform(step(m -> m.callerChanged(stream, call, caller),
                "a call's HTTP headers are not those the session was negotiated with"), true, null));
    }

    /** A stream was lost after its server accepted it: {@code calls} go on at the session's next endpoint. */
    @Override
    public void failedOver(StreamChannel lost, List<UnsentCall> calls) {
        background.run(() -> perform(step(m -> m.streamFailedOver(lost, calls), lost.failureReason()), true, null));
    }

    /** A stream was lost for good on its own (its calls failed): the session hears of it now, the listener too. */
    @Override
    public void lost(StreamChannel lost) {
        background.run(() -> perform(step(m -> m.streamLost(lost, Collections.<UnsentCall>emptyList()),
                lost.failureReason()), true, null));
    }

    /** Sends calls on the stream from this thread; when it failed meanwhile, they take the session's new road. */
    private void sendOnStream(List<UnsentCall> calls, Channel stream, boolean mayBlock, UnsentCall own) {
        if (!stream.isUsable()) {
            perform(step(m -> m.streamLost(stream, calls), failureOf(stream)), mayBlock, own);
            return;
        }
        Error failed = null;
        for (UnsentCall unsent : calls) {
            if (!unsent.call.isDone()) {
                try {
                    stream.start(unsent.call, unsent.request);
                } catch (Error e) {
                    failed = AppBug.first(failed, e); // an interceptor's, which failed that call only
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
    }
}
