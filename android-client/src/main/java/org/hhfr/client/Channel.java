package org.hhfr.client;

import org.hhfr.streamer.Message;

/** How a session's calls travel: plain SOAP, or one negotiated stream. */
interface Channel {
    Mode mode();

    /** Whether {@link #start} runs the whole call on the calling thread (SOAP over a blocking connection). */
    boolean blocksCaller();

    /** Starts the call; its outcome, failures included, goes into {@code call}. Never throws. */
    void start(PendingCall call, Message request);

    /** False once the channel failed for good; the session then negotiates a new one. */
    boolean isUsable();

    /**
     * Moves the channel to a new local socket after the device changed networks, keeping its calls; false
     * when it has none to move (only a UDP stream has).
     */
    default boolean migrate() {
        return false;
    }

    /** Ends the channel; calls still waiting fail with {@link SessionClosedException}. */
    void close();

    /** Ends the channel for {@code cause}: calls still waiting fail with it, as they may have run. */
    default void close(HhfrException cause) {
        close();
    }
}
