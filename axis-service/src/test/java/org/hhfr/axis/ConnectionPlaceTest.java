package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.hhfr.axis.server.HhfrServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A connection gives back its address's place before it closes: a client at its address's limit that makes its
 * calls one after the other, each on a connection of its own, is never refused with 429, however soon after the
 * server's close its next connection comes.
 */
@Timeout(60)
class ConnectionPlaceTest {
    @Test
    void callsOneAfterTheOtherOnFreshConnectionsAtTheAddresssLimitAreNeverRefused() throws Exception {
        try (HhfrServer server = HhfrServer.start(TestServers.loopback().maxConnectionsPerAddress(1).build())) {
            for (int i = 0; i < 400; i++) {
                RawHttp.Response response = RawHttp.postSoap11(server.port(), "/axis2/services/FloatSum", "urn:sum",
                        Envelopes.envelope(Envelopes.SOAP11, Envelopes.sum("1", "2")));
                assertEquals(200, response.status, "call " + i + ": " + response);
            }
        }
    }
}
