package org.hhfr.client;

import java.io.Closeable;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

import org.hhfr.schemas.ElementDecl;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Nil;
import org.hhfr.streamer.Record;

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
    /** Calls that may wait for the negotiation's answer: as many as a stream holds unacknowledged. */
    static final int MAX_WAITING_CALLS = StreamSettings.MAX_UNACKNOWLEDGED_MESSAGES;

    private final HhfrClient client;
    private final ClientSettings settings;
    private final Operation operation;
    /** The road of the calls: negotiation, streams, SOAP (see {@link SessionStateMachine}). */
    private final SessionDriver driver;

    Session(HhfrClient client, Operation operation) {
        this.client = client;
        this.settings = client.settings();
        this.operation = operation;
        this.driver = new SessionDriver(client, operation, this);
    }

    /** Reopens a stream from a still valid ticket, or negotiates now when the client asks for it. */
    void start() {
        driver.open();
    }

    public Operation operation() {
        return operation;
    }

    /**
     * How calls travel right now: the stream's transport once one carries them (also a proposed session's early
     * stream before the negotiation's answer, which may still send them again another way), else SOAP.
     */
    public Mode mode() {
        return driver.mode();
    }

    /** The channel calls take right now: the open stream, or SOAP. */
    Channel channel() {
        return driver.channel();
    }

    /**
     * Tells the session that the device changed networks (Wi-Fi to cellular, say): a UDP stream moves to a new
     * local socket and goes on with the same session, keys and calls, without negotiating again (the service
     * follows once the new address answered its check). A TCP stream reconnects by itself, SOAP needs nothing.
     *
     * @return whether a stream moved
     */
    public boolean networkChanged() {
        return driver.channel().migrate();
    }

    /** A builder for a request of this operation: {@code newRequest().set("values", floats).build()}. */
    public Message.Builder newRequest() {
        return Message.of(operation.request());
    }

    /** Calls with the client's call timeout and returns the response. */
    public Message call(Message request) throws HhfrException {
        return call(request, settings.callTimeoutMillis);
    }

    /** Calls with a deadline {@code timeoutMillis} from now and returns the response. */
    public Message call(Message request, long timeoutMillis) throws HhfrException {
        return call(request, CallOptions.defaults().withTimeoutMillis(timeoutMillis));
    }

    /** Calls with {@code options} (e.g. its deadline) and returns the response. */
    public Message call(Message request, CallOptions options) throws HhfrException {
        PendingCall call = begin(request, options, false, false);
        driver.start(call, request, true);
        return call.await();
    }

    /**
     * Calls with plain values for the request's elements, in schema order, and returns the response's one
     * value, {@code null} when it is absent or nil (a service's method returned null). For float-sum:
     * {@code float sum = session.call(Float.class, new float[] {1f, 2f})}. Values follow the streamer's table:
     * {@code float[]} for a repeated float, {@code String} for a string, and so on.
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

    /** {@link #callAsync(Message, CallOptions)} with the client's call timeout. */
    public CompletableFuture<Message> callAsync(Message request) {
        return callAsync(request, CallOptions.defaults());
    }

    /**
     * Starts a call and returns at once; the future completes with the response or an {@link HhfrException}
     * by the deadline of {@code options}. It completes on the client's
     * {@linkplain HhfrClient.Builder#callbackExecutor callback executor}; without one, on the thread that
     * settled it (on a stream, mostly its reader): then do not block in its callbacks.
     *
     * <p>{@code cancel} on the future abandons the call: a call still waiting is never sent; on a stream the
     * call's slot is freed at once and the service is told to skip it if it has not started it (its response,
     * should it come, is dropped); over SOAP its HTTP request is aborted. The service may have run it already.
     */
    public CompletableFuture<Message> callAsync(Message request, CallOptions options) {
        PendingCall call;
        try {
            call = begin(request, options, false, true);
        } catch (HhfrException e) {
            CompletableFuture<Message> failed = new CompletableFuture<>();
            failed.completeExceptionally(e);
            return failed;
        }
        driver.start(call, request, false);
        return call.future();
    }

    /** {@link #send(Message, CallOptions)} with the client's call timeout. */
    public void send(Message request) throws HhfrException {
        send(request, CallOptions.defaults());
    }

    /**
     * Sends a request of a one-way operation and returns once the service accepted it, by the deadline of
     * {@code options}. One-way operations travel as plain SOAP (the negotiation vocabulary describes
     * request-response streams); the interceptors see the call (its response is null) and may add HTTP headers,
     * as for any call over SOAP. The request runs on this thread: its deadline or closing the session stops it
     * ({@code HttpURLConnection} ignores interrupts).
     */
    public void send(Message request, CallOptions options) throws HhfrException {
        PendingCall call = begin(request, options, true, false);
        driver.sendOneWay(call, request);
        call.await();
    }

    /**
     * Ends the stream (gracefully, waiting at most a second for the service to confirm) and fails calls still
     * waiting. It never waits for a negotiation or a stream being connected: a stream that connects later is
     * closed at once. The resumption ticket stays in the cache, so the next session for this operation (of
     * this client, or of another sharing the cache) opens a new stream of the same server session without
     * negotiating. The ticket is put again, valid for 90% of the server's idle expiry from now (the stream's
     * last use). A stream that was already lost (refused, expired, given up) takes its ticket with it.
     * Idempotent.
     */
    @Override
    public void close() {
        driver.close();
        client.closed(this);
    }

    private PendingCall begin(Message request, CallOptions options, boolean oneWay, boolean async)
            throws HhfrException {
        requireRequest(request);
        Objects.requireNonNull(options, "options");
        if (operation.isOneWay() != oneWay) {
            throw new IllegalStateException(oneWay ? operation + " answers: use call"
                    : operation + " is one-way: use send");
        }
        requireOpen();
        return PendingCall.start(settings, operation, client.timer(),
                options.timeoutOr(settings.callTimeoutMillis), async, options.headers());
    }

    private void requireOpen() throws SessionClosedException {
        if (driver.isClosed()) {
            throw SessionFailures.closed(operation);
        }
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

    /** The response's one value; {@code null} when it is absent or nil (a service's method returned null). */
    private Object soleValue(Message response) {
        if (response.isNil()) {
            return null;
        }
        if (response.structure().root().isSimple()) {
            return response.root();
        }
        Record record = response.record();
        int count = record.type().elements().size();
        if (count != 1) {
            throw new IllegalArgumentException("the response of " + operation.element().localName() + " has "
                    + count + " elements; read them from the Message with call(Message)");
        }
        Object value = record.get(0);
        return Nil.isNil(value) ? null : value;
    }
}
