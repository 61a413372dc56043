package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;


import org.hhfr.axis.module.ModuleSettings;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Mode;
import org.hhfr.client.Session;
import org.hhfr.client.WsdlOperations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The store's share per client address through a real server: the negotiation knows the address the client
 * connected from, so a client address holding its share of sessions is declined with that reason and stays on
 * SOAP, its calls still answered.
 */
@Timeout(120)
class StoreDefencesTest {

    @Test
    void aClientAddressBeyondItsShareIsDeclinedWithTheReason() throws Exception {
        try (HhfrServer server = HhfrServer.start(TestServers.loopback()
                .moduleParameter(ModuleSettings.MAX_SESSIONS_PER_ADDRESS, "1").build())) {
            SessionOutcomes first = new SessionOutcomes();
            SessionOutcomes second = new SessionOutcomes();
            try (HhfrClient one = client(server, first); HhfrClient other = client(server, second)) {
                Session streaming = one.open(WsdlOperations.fetch(one).operation("sum"));
                assertEquals(SessionOutcomes.STREAMS, first.next());
                assertEquals(3f, streaming.call(Float.class, new float[] {1f, 2f}), 0f);

                Session refused = other.open(WsdlOperations.fetch(other).operation("sum"));
                String reason = second.next();
                assertTrue(reason.contains("this client address holds its maximum of 1 live sessions"), reason);
                assertEquals(Mode.SOAP, refused.mode());
                assertEquals(7f, refused.call(Float.class, new float[] {3f, 4f}), 0f);
            }
        }
    }

    private static HhfrClient client(HhfrServer server, SessionOutcomes outcomes) {
        return HhfrClient.builder(server.serviceUrl("127.0.0.1", "FloatSum"))
                .preferredModes(Mode.HHFR_TCP, Mode.SOAP)
                .negotiateOnOpen(true)
                .callTimeoutMillis(15_000)
                .eventListener(outcomes)
                .build();
    }
}
