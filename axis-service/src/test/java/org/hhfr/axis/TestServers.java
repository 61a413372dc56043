package org.hhfr.axis;

import org.hhfr.axis.server.ServerSettings;

/** Server settings for tests: every port free and bound on the loopback interface, a small thread pool. */
final class TestServers {
    static final String LOOPBACK = "127.0.0.1";

    private TestServers() {
    }

    /** SOAP and both stream transports on free loopback ports. */
    static ServerSettings loopback() {
        return ServerSettings.defaults().withPort(0).withRequestThreads(2).withStreams(LOOPBACK, LOOPBACK, 0, 0);
    }
}
