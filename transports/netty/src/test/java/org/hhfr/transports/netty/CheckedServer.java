package org.hhfr.transports.netty;

import org.hhfr.contextstore.InMemoryContextStore;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test's stream server on loopback, over its own context store, dispatching to a {@link SequenceChecker}:
 * started before each test and closed, with the store, after it. Register it with {@code @RegisterExtension}.
 */
final class CheckedServer implements BeforeEachCallback, AfterEachCallback {
    final InMemoryContextStore store = TestSessions.store();
    final SequenceChecker checker = new SequenceChecker();
    StreamServer server;

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        server = StreamServer.start(store, checker.dispatcher(), TestSessions.config());
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (server != null) {
            server.close();
        }
        store.close();
    }
}
