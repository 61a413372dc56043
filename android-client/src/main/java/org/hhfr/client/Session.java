package org.hhfr.client;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ResumptionTicket;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.SchemaDigests;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.client.OptimisticResult;
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Record;
import org.hhfr.streamer.XmlRepresentation;
import org.hhfr.transports.auth.StreamEpoch;

/**
 * Calls of one operation of the service. The same calls work in every {@link Mode}: the session streams when
 * the service agreed to (TCP or UDP) and uses plain SOAP otherwise, and it moves between them on its own (a
 * lost stream is negotiated again on the next call; a failed negotiation falls back to SOAP). Thread-safe:
 * many threads may call at once; on a stream their calls are pipelined. The first call carries the offer and
 * returns with its answer; the stream it grants is connected in the background. Calls made meanwhile wait
 * for that (bounded by their deadlines), so they stream if the answer granted a stream.
 *
 * <p>Every call has a deadline (the client's call timeout, or the one given) after which it fails with
 * {@link CallTimeoutException}, whatever the network does. Blocking methods must not run on Android's main
 * thread.
 */
public final class Session implements Closeable {
    /** Tickets are kept for 90% of the granted validity, as the negotiator keeps them. */
    private static final long EXPIRY_MARGIN_DIVISOR = 10;
    /** Calls that may wait for the first call's answer: as many as a stream holds unacknowledged. */
    static final int MAX_WAITING_CALLS = StreamSettings.MAX_UNACKNOWLEDGED_MESSAGES;
    /**
     * Threads that send waiting calls over SOAP, one call at a time each: the default number of idle
     * connections {@code HttpURLConnection} keeps per host ({@code http.maxConnections}), so they are reused
     * and a busy server does not see a burst of one connection per waiting call.
     */
    private static final int SOAP_LANES = 5;

    private final HhfrClient client;
    private final ClientSettings settings;
    private final Operation operation;
    private final TicketKey ticketKey;
    private final XmlRepresentation xml;
    /** Plain SOAP: the fallback, and the channel of one-way operations. Stateless, so shared. */
    private final SoapChannel soap;
    /** Guarded by {@code this}. */
    private Channel channel;
    /** Whether this session's stream question is settled for now (negotiated, declined, or in progress). */
    private boolean negotiated;
    /** Whether a call carrying the offer is out; calls made meanwhile wait in {@link #waiting}. */
    private boolean offerInFlight;
    /** Calls made while the offer is out, in order; guarded by {@code this}. */
    private List<UnsentCall> waiting = new ArrayList<>();
    /** The ticket of the open stream, kept in the cache after {@link #close()}; guarded by {@code this}. */
    private ResumptionTicket streamTicket;
    /** How long the server said the stream's session lives unused; 0 when opened from a ticket (unknown). */
    private long validForMillis;
    private boolean closed;

    Session(HhfrClient client, Operation operation) {
        this.client = client;
        this.settings = client.settings();
        this.operation = operation;
        this.ticketKey = new TicketKey(settings.serviceUrl().toString(), operation.soapAction() + " "
                + operation.element(), operation.fingerprint());
        this.xml = new XmlRepresentation(settings.streamerLimits());
        this.soap = new SoapChannel(settings, operation);
        this.channel = soap;
        this.negotiated = settings.transportUris().isEmpty() || operation.isOneWay();
    }

    /** Reopens a stream from a still valid ticket, or negotiates now when the client asks for it. */
    synchronized void start() {
        if (!negotiated && (settings.negotiateOnOpen() || client.negotiator().resumable(ticketKey).isPresent())) {
            negotiateExplicitly();
        }
    }

    public Operation operation() {
        return operation;
    }

    /** How calls travel right now. */
    public synchronized Mode mode() {
        return channel.mode();
    }

    /** A builder for a request of this operation: {@code newRequest().set("values", floats).build()}. */
    public Message.Builder newRequest() {
        return Message.of(operation.request());
    }

    /** Calls with the client's call timeout and returns the response. */
    public Message call(Message request) throws HhfrException {
        return call(request, settings.callTimeoutMillis());
    }

    /** Calls with a deadline {@code timeoutMillis} from now and returns the response. */
    public Message call(Message request, long timeoutMillis) throws HhfrException {
        PendingCall call = begin(request, timeoutMillis);
        Route route = route(call, request);
        if (route == Route.OFFER) {
            callWithOffer(call, request);
        } else if (route == Route.CHANNEL) {
            startOnChannel(call, request);
        }
        return call.await();
    }

    /**
     * Calls with plain values for the request's elements, in schema order, and returns the response's one
     * value. For float-sum: {@code float sum = session.call(Float.class, new float[] {1f, 2f})}. Values follow
     * the streamer's table: {@code float[]} for a repeated float, {@code String} for a string, and so on.
     *
     * @throws IllegalArgumentException the values do not fit the request, or the response does not have
     *                                  exactly one value of {@code resultType}
     */
    public <T> T call(Class<T> resultType, Object... values) throws HhfrException {
        Message response = call(requestOf(values));
        Object value = soleValue(response);
        if (value != null && !resultType.isInstance(value)) {
            throw new IllegalArgumentException("the response value of " + operation.element().localName() + " is a "
                    + value.getClass().getSimpleName() + ", not a " + resultType.getSimpleName());
        }
        return resultType.cast(value);
    }

    /**
     * Starts a call and returns at once; the future completes with the response or an {@link HhfrException}
     * by the deadline. On a stream the future completes on the stream's reader thread: do not block in
     * callbacks attached to it (use the {@code ...Async} variants with an executor for real work).
     */
    public CompletableFuture<Message> callAsync(Message request) {
        PendingCall call;
        try {
            call = begin(request, settings.callTimeoutMillis());
        } catch (HhfrException e) {
            CompletableFuture<Message> failed = new CompletableFuture<>();
            failed.completeExceptionally(e);
            return failed;
        }
        Route route = route(call, request);
        if (route == Route.OFFER) {
            inBackground(() -> callWithOffer(call, request));
        } else if (route == Route.CHANNEL) {
            startOffCaller(call, request);
        }
        return call.future();
    }

    /**
     * Sends a request of a one-way operation and returns once the service accepted it. One-way operations
     * travel as plain SOAP (the negotiation vocabulary describes request-response streams).
     */
    public void send(Message request) throws HhfrException {
        requireRequest(request);
        if (!operation.isOneWay()) {
            throw new IllegalStateException(operation + " answers: use call");
        }
        synchronized (this) {
            if (closed) {
                throw new SessionClosedException("the session for " + operation + " is closed");
            }
        }
        soap.send(request, (int) Math.min(Integer.MAX_VALUE, settings.callTimeoutMillis()));
    }

    /**
     * Ends the stream (gracefully, waiting at most a second for the service to confirm) and fails calls still
     * waiting. The resumption ticket stays in the cache, so the next session for this operation (of this
     * client, or of another sharing the cache) opens a new stream of the same server session without
     * negotiating. When the session was negotiated here, the ticket is put again, valid for 90% of the
     * server's idle expiry from now (the stream's last use). A stream that was already lost (refused, expired,
     * given up) takes its ticket with it. Idempotent.
     */
    @Override
    public void close() {
        Channel current;
        ResumptionTicket ticket;
        long validFor;
        List<UnsentCall> abandoned;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            current = channel;
            ticket = streamTicket;
            validFor = validForMillis;
            abandoned = takeWaiting();
        }
        for (UnsentCall waiter : abandoned) {
            waiter.call.fail(new SessionClosedException("the session for " + operation
                    + " was closed while the call waited for its negotiation"));
        }
        boolean streamLost = current.mode() != Mode.SOAP && !current.isUsable();
        current.close();
        if (streamLost) {
            client.negotiator().forget(ticketKey);
        } else if (current.mode() != Mode.SOAP && ticket != null && validFor > 0) {
            client.tickets().put(ticketKey, ticket, validFor - validFor / EXPIRY_MARGIN_DIVISOR);
        }
        client.closed(this);
    }

    private PendingCall begin(Message request, long timeoutMillis) throws HhfrException {
        requireRequest(request);
        if (operation.isOneWay()) {
            throw new IllegalStateException(operation + " is one-way: use send");
        }
        if (timeoutMillis < 1) {
            throw new IllegalArgumentException("a call timeout must be positive: " + timeoutMillis);
        }
        synchronized (this) {
            if (closed) {
                throw new SessionClosedException("the session for " + operation + " is closed");
            }
        }
        return PendingCall.start(client.timer(), timeoutMillis, "the call " + operation.element().localName()
                + " at " + settings.serviceUrl());
    }

    /** How a new call goes: it carries the offer, it waits for the offer's answer, or it takes the channel. */
    private enum Route { OFFER, WAIT, CHANNEL }

    /**
     * Decides a new call's route. While the offer is out, the call waits for its answer (so early calls do
     * not each open an HTTP connection of their own) unless {@link #MAX_WAITING_CALLS} already wait: then it
     * fails at once. A waiting call is failed by its deadline as usual and skipped when released.
     */
    private synchronized Route route(PendingCall call, Message request) {
        if (closed) {
            return Route.CHANNEL; // channelForCall fails it
        }
        if (offerInFlight) {
            if (waiting.size() >= MAX_WAITING_CALLS) {
                call.fail(new HhfrException(MAX_WAITING_CALLS + " calls already wait for the negotiation of "
                        + operation + " at " + settings.serviceUrl() + "; retry once the first call returned"));
            } else {
                waiting.add(new UnsentCall(call, request));
            }
            return Route.WAIT;
        }
        if (!negotiated) {
            negotiated = true;
            offerInFlight = true;
            return Route.OFFER;
        }
        return Route.CHANNEL;
    }

    /** Starts the call on the channel; a channel that blocks (SOAP) gets a thread other than the caller's. */
    private void startOffCaller(PendingCall call, Message request) {
        boolean blocks;
        synchronized (this) {
            blocks = !channel.isUsable() || channel.blocksCaller();
        }
        if (blocks) {
            inBackground(() -> startOnChannel(call, request));
        } else {
            startOnChannel(call, request);
        }
    }

    /** Runs the task on the builder's executor, or on a short-lived daemon thread without one. */
    private void inBackground(Runnable task) {
        Executor executor = settings.executor();
        if (executor != null) {
            executor.execute(task);
        } else {
            Thread thread = new Thread(task, "hhfr-call");
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** Starts the call on the current channel, negotiating a new stream first if the last one was lost. */
    private void startOnChannel(PendingCall call, Message request) {
        Channel current;
        try {
            current = channelForCall();
        } catch (HhfrException e) {
            call.fail(e);
            return;
        }
        current.start(call, request);
    }

    /**
     * Sends the calls that waited for the offer's answer, in order, by the mode it established: pipelined on
     * the stream, or over SOAP through at most {@link #SOAP_LANES} threads. When the offer's call failed, the
     * channel is still SOAP, so they go without a new offer; the next new call offers again.
     */
    private void releaseWaiting() {
        List<UnsentCall> released;
        synchronized (this) {
            offerInFlight = false;
            released = takeWaiting();
        }
        dispatch(released);
    }

    /**
     * Sends calls in order on the channel: on a usable stream from this thread, otherwise (SOAP, or a lost
     * stream to negotiate again first) through at most {@link #SOAP_LANES} background threads. Calls past
     * their deadline are skipped.
     */
    private void dispatch(List<UnsentCall> calls) {
        boolean blocks;
        synchronized (this) {
            blocks = !channel.isUsable() || channel.blocksCaller();
        }
        if (!blocks) {
            for (UnsentCall unsent : calls) {
                if (!unsent.call.isDone()) {
                    startOnChannel(unsent.call, unsent.request);
                }
            }
            return;
        }
        Queue<UnsentCall> queue = new ConcurrentLinkedQueue<>(calls);
        for (int lane = Math.min(SOAP_LANES, calls.size()); lane > 0; lane--) {
            inBackground(() -> drain(queue));
        }
    }

    /**
     * The server refused a stream before running any call sent on it: the session falls back as when opening
     * a stream failed before. A stream opened from a ticket is replaced by a new negotiation (made by the
     * first call sent again, or the next new one); a freshly negotiated stream leaves the session on SOAP. Then
     * the calls are sent again that way, each once. Runs in the background: the stream's reader must not
     * wait for this session's lock, which a negotiation may hold while it closes that very stream.
     */
    private void takeBack(StreamChannel refused, boolean fromTicket, List<UnsentCall> calls) {
        boolean leftForSoap;
        synchronized (this) {
            leftForSoap = !fromTicket && channel == refused;
            if (leftForSoap) {
                channel = soap;
            }
        }
        client.negotiator().forget(ticketKey);
        if (leftForSoap) {
            refused.close();
        }
        dispatch(calls);
    }

    /** Sends queued calls one after another; calls already past their deadline are skipped. */
    private void drain(Queue<UnsentCall> queue) {
        for (UnsentCall waiter = queue.poll(); waiter != null; waiter = queue.poll()) {
            if (!waiter.call.isDone()) {
                startOnChannel(waiter.call, waiter.request);
            }
        }
    }

    private synchronized List<UnsentCall> takeWaiting() {
        List<UnsentCall> taken = waiting;
        waiting = new ArrayList<>();
        return taken;
    }

    /** The channel to use, after negotiating a new stream if the last one was lost. */
    private synchronized Channel channelForCall() throws HhfrException {
        if (closed) {
            throw new SessionClosedException("the session for " + operation + " is closed");
        }
        if (!channel.isUsable()) {
            Channel lost = channel;
            channel = soap;
            lost.close();
            client.negotiator().forget(ticketKey);
            negotiateExplicitly();
        }
        return channel;
    }

    /**
     * The optimistic style: this call is made over SOAP with the offer and completed with its answer at once;
     * the stream the answer grants is then connected in the background (calls made meanwhile wait for it),
     * so the answer does not wait for the stream's connection set-up.
     */
    private void callWithOffer(PendingCall call, Message request) {
        NegotiationOutcome outcome;
        try {
            outcome = offer(call, request);
        } catch (RuntimeException | Error e) {
            releaseWaiting();
            throw e;
        }
        if (outcome == null || !outcome.streaming()) {
            releaseWaiting();
            return;
        }
        inBackground(() -> {
            try {
                adopt(outcome);
            } finally {
                releaseWaiting();
            }
        });
    }

    /** Makes the call with the offer and completes it; returns the negotiation's outcome, null if it failed. */
    private NegotiationOutcome offer(PendingCall call, Message request) {
        Offer offer = offer().build();
        OptimisticResult<Message> result;
        try {
            SoapChannel.checkRequestSize(xml, request, settings.maxMessageBytes());
            result = client.negotiator().callWithOffer(ticketKey, operation.soapAction(), offer,
                    Collections.<HeaderBlock>emptyList(), MessageBody.writer(xml, request),
                    MessageBody.reader(xml, operation.response()));
        } catch (IOException e) {
            synchronized (this) {
                negotiated = false;
            }
            call.fail(SoapErrors.translate(e, "the call " + operation.element().localName() + " at "
                    + settings.serviceUrl(), settings.readTimeoutMillis(), settings.maxMessageBytes()));
            return null;
        }
        call.complete(result.response().body());
        return result.outcome();
    }

    /** Resumes from a valid ticket, or negotiates with a separate request; falls back to SOAP on any failure. */
    private void negotiateExplicitly() {
        negotiated = true;
        Negotiator negotiator = client.negotiator();
        ResumptionTicket ticket = negotiator.resumable(ticketKey).orElse(null);
        if (ticket != null) {
            Channel resumed = openStream(ticket, true, StreamEpoch.fresh(), ReliabilityPolicy.defaults(), 0);
            if (resumed != null) {
                channel = resumed;
                streamTicket = ticket;
                validForMillis = 0;
                return;
            }
            negotiator.forget(ticketKey);
        }
        try {
            adopt(negotiator.negotiate(ticketKey, offer().action(operation.soapAction()).build(),
                    Collections.<HeaderBlock>emptyList()));
        } catch (IOException e) {
            negotiated = false;
        }
    }

    /**
     * Opens the stream an outcome grants and makes it the channel; stays on SOAP when there is none or it
     * cannot be opened. The connection is set up without holding this session's lock (unless the caller
     * holds it), so a close meanwhile is not held up: the new stream is then closed at once.
     */
    private void adopt(NegotiationOutcome outcome) {
        synchronized (this) {
            if (closed || !outcome.streaming()) {
                return;
            }
        }
        ReliabilityPolicy policy = outcome.answer() != null ? outcome.answer().policy() : ReliabilityPolicy.defaults();
        int serverLimit = outcome.answer() != null ? outcome.answer().maxMessageBytes() : 0;
        boolean newSession = outcome.answer() != null && !outcome.answer().resumed();
        Channel stream = openStream(outcome.ticket(), false, newSession ? StreamEpoch.FIRST : StreamEpoch.fresh(),
                policy, serverLimit);
        if (stream == null) {
            client.negotiator().forget(ticketKey);
            return;
        }
        Channel previous;
        synchronized (this) {
            if (!stream.isUsable()) {
                // Refused before it was adopted: as if opening it had failed.
                client.negotiator().forget(ticketKey);
                previous = stream;
            } else if (closed) {
                previous = stream;
            } else {
                validForMillis = outcome.answer() != null ? outcome.answer().validForMillis() : 0;
                streamTicket = outcome.ticket();
                previous = channel;
                channel = stream;
            }
        }
        previous.close();
    }

    /**
     * Opens a stream of the ticket's session. {@code epoch} is {@link StreamEpoch#FIRST} right after a
     * negotiation that made a new session, a fresh one otherwise (earlier streams of the session may exist).
     * {@code fromTicket}: opened from a cached ticket, without negotiating (a refusal then leads to a new
     * negotiation rather than to SOAP).
     */
    private Channel openStream(ResumptionTicket ticket, boolean fromTicket, long epoch, ReliabilityPolicy policy,
                               int serverLimit) {
        StreamSettings stream = new StreamSettings(settings, operation, client.timer(), ticket, epoch, policy,
                serverLimit);
        try {
            Channel opened = null;
            if (HhfrUris.TRANSPORT_TCP.equals(ticket.transportUri())) {
                opened = TcpChannel.open(stream,
                        (refused, calls) -> inBackground(() -> takeBack(refused, fromTicket, calls)));
            } else if (HhfrUris.TRANSPORT_UDP.equals(ticket.transportUri())) {
                opened = UdpChannel.open(stream);
            }
            return opened;
        } catch (HhfrException e) {
            return null;
        }
    }

    private Offer.Builder offer() {
        return Offer.builder()
                .transports(settings.transportUris())
                .digests(SchemaDigests.of(operation.request(), operation.response()))
                .maxMessageBytes(settings.maxMessageBytes());
    }

    private void requireRequest(Message request) {
        Objects.requireNonNull(request, "request");
        if (!request.structure().equals(operation.request())) {
            throw new IllegalArgumentException("the request is a " + request.structure().root().name()
                    + " message, but " + operation + " takes " + operation.element());
        }
    }

    private Message requestOf(Object... values) {
        Message.Builder builder = newRequest();
        List<ElementDecl> elements = operation.request().root().complexType().elements();
        if (values.length != elements.size()) {
            throw new IllegalArgumentException(operation.element().localName() + " takes " + elements.size()
                    + " values (" + names(elements) + "), not " + values.length);
        }
        for (int i = 0; i < values.length; i++) {
            builder.set(i, values[i]);
        }
        return builder.build();
    }

    private static String names(List<ElementDecl> elements) {
        StringBuilder names = new StringBuilder();
        for (ElementDecl element : elements) {
            names.append(names.length() == 0 ? "" : ", ").append(element.name().localName());
        }
        return names.toString();
    }

    private Object soleValue(Message response) {
        if (response.structure().root().isSimple()) {
            return response.root();
        }
        Record record = response.record();
        int count = record.type().elements().size();
        if (count != 1) {
            throw new IllegalArgumentException("the response of " + operation.element().localName() + " has "
                    + count + " elements; read them from the Message with call(Message)");
        }
        return record.get(0);
    }
}
