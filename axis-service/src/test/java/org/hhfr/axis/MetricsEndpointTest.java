package org.hhfr.axis;

import static org.hhfr.axis.AdminEndpoint.sample;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Set;

import org.hhfr.axis.admin.AdminSettings;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.services.StringConcat;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Mode;
import org.hhfr.client.Session;
import org.hhfr.client.WsdlOperations;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A real server with its admin endpoint, real HHFR clients streaming sessions, and Prometheus scrapes over HTTP
 * while they stream: the stream, message, negotiation and context store meters move by exactly what the
 * clients did, and the offers the server declines are counted by their reason.
 */
@Timeout(60)
class MetricsEndpointTest {
    private static final int CALLS = 20;
    private static HhfrServer server;
    private static AdminEndpoint admin;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(TestServers.loopback()
                .plainSoapServices(Set.of(StringConcat.class))
                .moduleParameter(AdminSettings.PORT, "0")
                .build());
        admin = new AdminEndpoint(server.adminPort());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aStreamingSessionMovesTheStreamMessageAndStoreMeters() throws Exception {
        String before = admin.scrape();
        try (HhfrClient client = client(Mode.HHFR_TCP).build()) {
            Session sum = client.open(WsdlOperations.fetch(client).operation("sum"));
            assertEquals(Mode.HHFR_TCP, sum.mode());
            for (int i = 0; i < CALLS; i++) {
                assertEquals(i + 0.5f, sum.call(Float.class, new float[] {i, 0.5f}), 0f);
            }
            String during = admin.scrape();
            assertEquals(1, sample(during, "hhfr_streams_open{transport=\"tcp\"}"));
            assertEquals(CALLS, moved(before, during, "hhfr_stream_messages_total{direction=\"in\",transport=\"tcp\"}"));
            assertEquals(CALLS, moved(before, during, "hhfr_stream_messages_total{direction=\"out\",transport=\"tcp\"}"));
            assertEquals(1, moved(before, during, "hhfr_streams_opened_total{transport=\"tcp\"}"));
            assertEquals(1, moved(before, during,
                    "hhfr_negotiations_accepted_total{resumed=\"false\",transport=\"tcp\"}"));
            assertEquals(1, moved(before, during, "hhfr_tcp_handshakes_total{transport=\"tcp\"}"));
            assertTrue(moved(before, during,
                    "hhfr_context_store_seconds_count{operation=\"create\",outcome=\"ok\"}") >= 1);
            sum.close();
        }
        String after = awaitSample("hhfr_streams_open{transport=\"tcp\"}", 0);
        assertEquals(1, moved(before, after, "hhfr_streams_ended_total{outcome=\"finished\",transport=\"tcp\"}"));
        assertEquals(0, moved(before, after, "hhfr_streams_ended_total{outcome=\"failed\",transport=\"tcp\"}"));
    }

    @Test
    void aUdpSessionIsCountedUnderUdpWithItsCounteredWindow() throws Exception {
        String before = admin.scrape();
        ReliabilityPolicy wideWindow = ReliabilityPolicy.defaults().toBuilder().window(4096).build();
        try (HhfrClient client = client(Mode.HHFR_UDP).reliability(wideWindow).build()) {
            Session sum = client.open(WsdlOperations.fetch(client).operation("sum"));
            assertEquals(Mode.HHFR_UDP, sum.mode());
            for (int i = 0; i < CALLS; i++) {
                sum.call(Float.class, new float[] {i});
            }
            String during = admin.scrape();
            assertEquals(1, sample(during, "hhfr_streams_open{transport=\"udp\"}"));
            assertEquals(CALLS, moved(before, during, "hhfr_stream_messages_total{direction=\"in\",transport=\"udp\"}"));
            assertEquals(1, moved(before, during, "hhfr_negotiations_countered_total{term=\"window\"}"));
            assertTrue(sample(during, "hhfr_udp_datagrams_total{transport=\"udp\"}") > 0);
        }
    }

    @Test
    void declinedOffersAreCountedByReasonAsTheClientsFallBack() throws Exception {
        String before = admin.scrape();
        try (HhfrClient unengaged = HhfrClient.builder(server.serviceUrl("localhost", "StringConcat"))
                .preferredModes(Mode.HHFR_TCP, Mode.SOAP).callTimeoutMillis(15_000).build()) {
            Session concat = unengaged.open(WsdlOperations.fetch(unengaged).operation("concat"));
            assertEquals("ab", concat.call(String.class, (Object) new String[] {"a", "b"}));
            assertEquals(Mode.SOAP, concat.mode());
        }
        ReliabilityPolicy unordered = ReliabilityPolicy.defaults().toBuilder().inOrder(false).build();
        try (HhfrClient client = client(Mode.HHFR_TCP).reliability(unordered).build()) {
            Session sum = client.open(WsdlOperations.fetch(client).operation("sum"));
            assertEquals(Mode.SOAP, sum.mode());
            assertEquals(3f, sum.call(Float.class, new float[] {1f, 2f}), 0f);
        }
        String after = admin.scrape();
        assertEquals(1, moved(before, after, "hhfr_negotiations_declined_total{reason=\"service_not_engaged\"}"));
        assertEquals(1, moved(before, after, "hhfr_negotiations_declined_total{reason=\"unsupported_reliability\"}"));
        assertEquals(0, moved(before, after, "hhfr_negotiations_declined_total{reason=\"store_full\"}"));
    }

    /** A FloatSum client that prefers {@code mode} (then SOAP) and connects its stream when a session opens. */
    private static HhfrClient.Builder client(Mode mode) {
        return HhfrClient.builder(server.serviceUrl("localhost", "FloatSum"))
                .preferredModes(mode, Mode.SOAP)
                .negotiateOnOpen(true)
                .callTimeoutMillis(15_000);
    }

    private static double moved(String before, String after, String series) {
        return sample(after, series) - sample(before, series);
    }

    /** A scrape once {@code series} reads {@code expected} (a stream ends on the server after the client). */
    private static String awaitSample(String series, double expected) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        String scrape = admin.scrape();
        while (sample(scrape, series) != expected && System.nanoTime() < deadline) {
            Thread.sleep(20);
            scrape = admin.scrape();
        }
        assertEquals(expected, sample(scrape, series), series);
        return scrape;
    }
}
