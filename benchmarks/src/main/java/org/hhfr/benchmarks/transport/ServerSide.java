package org.hhfr.benchmarks.transport;

/** The server half of one contender, running in its own JVM. */
interface ServerSide extends AutoCloseable {
    /** The port clients send to. */
    int port();

    /**
     * What a new client needs besides the address, as one token of text: HHFR's negotiated session id and
     * token; "-" for protocols without sessions.
     */
    String newTicket() throws Exception;

    /** Requests received so far. */
    long received();

    /** Stops serving; waits (bounded) for its threads. */
    @Override
    void close();
}
