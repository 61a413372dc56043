package org.hhfr.transports.netty;

import java.util.concurrent.CompletionStage;

/**
 * Where the messages of one stream go: bound once by {@link StreamDispatcher#bind} when the stream's session
 * starts on this server, then called for each message with nothing left to look up. Runs on the server's
 * dispatch executor; the failure rules are {@link StreamDispatcher}'s.
 */
@FunctionalInterface
public interface StreamRoute {
    /**
     * @return the body of the response, or a stage completing with {@code null} for a one-way message
     */
    CompletionStage<byte[]> dispatch(InboundMessage message);
}
