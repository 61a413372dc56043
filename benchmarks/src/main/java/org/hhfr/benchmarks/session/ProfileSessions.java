package org.hhfr.benchmarks.session;

import java.io.IOException;

import org.hhfr.benchmarks.session.network.ToxiproxyServer;

/**
 * Runs the sessions of one network profile's cells, one after the other: the servers and the link of that
 * profile, opened by {@link SessionBench} before the profile's first cell and closed after its last.
 */
public interface ProfileSessions extends AutoCloseable {
    /** @throws IOException a call failed (a wrong answer is counted, not thrown) */
    SessionSample run(Cell cell) throws IOException;

    @Override
    void close();

    /** How a run links clients to servers: opens the sessions of one profile. */
    interface Links {
        /** @throws IOException the servers or the link did not start */
        ProfileSessions open(NetworkProfile profile) throws IOException;
    }

    /**
     * The relays of {@link Testbed} on 127.0.0.1, client and servers in this JVM.
     *
     * @param toxiproxy shapes the TCP paths of shaped profiles when not null; otherwise the relays do
     */
    static Links relays(long seed, ToxiproxyServer toxiproxy) {
        return profile -> {
            Testbed testbed = Testbed.start(profile, seed, toxiproxy);
            SessionRunner runner = new SessionRunner(testbed);
            return new ProfileSessions() {
                @Override
                public SessionSample run(Cell cell) throws IOException {
                    return runner.run(cell);
                }

                @Override
                public void close() {
                    testbed.close();
                }
            };
        };
    }
}
