package org.hhfr.transports.netty;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;

/**
 * What the server does with each message of a stream: the one seam between the transport and the service
 * (Axis2 in the axis-service module, plain functions in tests and benchmarks). It runs on the server's
 * dispatch executor, never on an event loop unless that executor is a direct one.
 *
 * <p>An exception, or a stage completed exceptionally, fails that call only: the client gets a fault (a
 * {@link StreamFaultException} thrown here chooses its code: throw one with the Sender code for a request that
 * cannot be decoded; anything else is a Receiver fault with the exception's message, one line, never a stack
 * trace) and the stream goes on. Faults a service encodes in its response body are ordinary responses.
 */
@FunctionalInterface
public interface StreamDispatcher {
    /**
     * @return the body of the response, or a stage completing with {@code null} for a one-way message
     */
    CompletionStage<byte[]> dispatch(StreamSession session, InboundMessage message);

    /**
     * Binds the route of one stream, once, when its session starts on this server (on the session's event
     * loop: keep it short, no blocking). The server sends every message of that stream to the returned route.
     * By default each message goes to {@link #dispatch}; a dispatcher that looks things up per session
     * (service, operation, codec) overrides this to do it once here.
     */
    default StreamRoute bind(StreamSession session) {
        return message -> dispatch(session, message);
    }

    /** A dispatcher that computes each response at once: a plain function of the session and the message. */
    static StreamDispatcher ofFunction(BiFunction<StreamSession, InboundMessage, byte[]> function) {
        return (session, message) -> CompletableFuture.completedFuture(function.apply(session, message));
    }
}
