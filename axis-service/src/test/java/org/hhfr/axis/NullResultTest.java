package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;

import org.hhfr.axis.server.HhfrServer;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Mode;
import org.hhfr.client.Session;
import org.hhfr.client.WsdlOperations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A service method that returns null: Axis2 answers {@code <return xsi:nil="true"/>}, and the client's
 * {@code Session.call(resultType, ...)} gives null for it in every mode, where it failed with "is a Nil".
 */
@Timeout(60)
class NullResultTest {
    private static HhfrServer server;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(TestServers.loopback().build());
        TestServers.deploy(server, Directory.class);
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void aNullResultIsNullInEveryMode(Mode mode) throws Exception {
        try (HhfrClient client = HhfrClient.builder(server.serviceUrl("127.0.0.1", "Directory"))
                .preferredModes(mode).negotiateOnOpen(mode != Mode.SOAP).build();
             Session lookup = client.open(WsdlOperations.fetch(client).operation("lookup"))) {
            assertEquals("Ann Smith", lookup.call(String.class, "ann"));
            assertNull(lookup.call(String.class, "nobody"));
            assertEquals(mode, lookup.mode());
        }
    }
}
