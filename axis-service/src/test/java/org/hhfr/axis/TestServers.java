package org.hhfr.axis;

import org.hhfr.axis.server.ServerSettings;

/** Server settings for tests: every port free and bound on the loopback interface, a small thread pool. */
final class TestServers {
    static final String LOOPBACK = "127.0.0.1";

    private TestServers() {
    }

    /** SOAP and both stream transports on free loopback ports. */
    static ServerSettings.Builder loopback() {
        return ServerSettings.builder().port(0).requestThreads(2).streams(LOOPBACK, LOOPBACK, 0, 0);
    }
}
