package org.hhfr.benchmarks.session;

import org.hhfr.axis.module.ModuleSettings;
import org.hhfr.axis.module.StreamSecurity;
import org.hhfr.axis.server.ServerSettings;

/**
 * The embedded HHFR server's settings for the sessions: any free port, and the context store's sessions per
 * client address raised to its whole capacity. Every session of a run comes from the one client address, and
 * sessions stay resumable after they close; the default 256 per address (meant for many devices) would decline
 * the negotiations of a run past its 256th session, and the cells after it would measure SOAP. The clients reach
 * the server with their own addresses, so it gives address tokens, as a server with a public address would.
 */
final class BenchServerSettings {
    private static final String WHOLE_STORE = "10000";

    private BenchServerSettings() {
    }

    static ServerSettings.Builder builder() {
        return ServerSettings.builder().port(0)
                .moduleParameter(ModuleSettings.MAX_SESSIONS_PER_ADDRESS, WHOLE_STORE)
                .moduleParameter(StreamSecurity.ADDRESS_TOKENS, "true");
    }
}
