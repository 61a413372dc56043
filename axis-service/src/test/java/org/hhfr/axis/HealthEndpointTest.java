package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.http.HttpResponse;

import org.hhfr.axis.admin.AdminServer;
import org.hhfr.axis.admin.AdminSettings;
import org.hhfr.axis.admin.NodeMeters;
import org.hhfr.axis.admin.Readiness;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.transports.netty.StreamDispatcher;
import org.hhfr.transports.netty.StreamServer;
import org.hhfr.transports.netty.StreamServerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The admin endpoint's health checks on real servers: ready while the stream listeners are bound and the
 * context store answers, 503 with the reason once either is not, live all along; and the endpoint serves
 * nothing but GET and HEAD on its three paths.
 */
@Timeout(60)
class HealthEndpointTest {
    @Test
    void readyFlipsTo503WhenTheContextStoreIsClosed() throws Exception {
        try (HhfrServer server = HhfrServer.start(TestServers.loopback()
                .moduleParameter(AdminSettings.PORT, "0").build())) {
            AdminEndpoint admin = new AdminEndpoint(server.adminPort());
            assertResponse(200, "ready", admin.get("/health/ready"));
            assertResponse(200, "live", admin.get("/health/live"));

            server.negotiation().store().close();

            assertResponse(503, "context store unavailable: context store is closed", admin.get("/health/ready"));
            assertResponse(200, "live", admin.get("/health/live"));
        }
    }

    @Test
    void readyFlipsTo503WhenAStreamListenerIsDown() throws Exception {
        InMemoryContextStore store = new InMemoryContextStore();
        StreamServer streams = StreamServer.start(store,
                StreamDispatcher.ofFunction((session, message) -> message.payload()),
                StreamServerConfig.on(TestServers.LOOPBACK).ports(0, 0).build());
        try (store; NodeMeters meters = new NodeMeters();
             AdminServer server = AdminServer.start(new AdminSettings(TestServers.LOOPBACK, 0), meters.registry(),
                     new Readiness(streams, store, 1_000))) {
            AdminEndpoint admin = new AdminEndpoint(server.port());
            try (streams) {
                assertResponse(200, "ready", admin.get("/health/ready"));
            }

            assertResponse(503, "stream listeners are not bound", admin.get("/health/ready"));
            assertResponse(200, "live", admin.get("/health/live"));
        }
    }

    @Test
    void onlyGetAndHeadOnTheThreePathsAreServed() throws Exception {
        try (HhfrServer server = HhfrServer.start(TestServers.loopback()
                .moduleParameter(AdminSettings.PORT, "0").build())) {
            AdminEndpoint admin = new AdminEndpoint(server.adminPort());
            HttpResponse<String> post = admin.send("POST", "/health/ready");
            assertEquals(405, post.statusCode());
            assertEquals("GET, HEAD", post.headers().firstValue("Allow").orElse(null));
            assertEquals(404, admin.get("/admin").statusCode());
            HttpResponse<String> head = admin.send("HEAD", "/metrics");
            assertEquals(200, head.statusCode());
            assertEquals("", head.body());
        }
    }

    @Test
    void noAdminEndpointUnlessConfigured() throws IOException {
        try (HhfrServer server = HhfrServer.start(TestServers.loopback().build())) {
            assertEquals(-1, server.adminPort());
        }
    }

    private static void assertResponse(int status, String body, HttpResponse<String> response) {
        assertEquals(status, response.statusCode(), response.body());
        assertEquals(body + "\n", response.body());
    }
}
