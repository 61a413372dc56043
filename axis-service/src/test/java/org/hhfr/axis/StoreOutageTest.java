package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import org.hhfr.axis.headers.CapturedLog;
import org.hhfr.axis.module.ModuleSettings;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.HhfrException;
import org.hhfr.client.Mode;
import org.hhfr.client.Session;
import org.hhfr.client.WsdlOperations;
import org.hhfr.contextstore.redis.EmbeddedRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A real server whose sessions are kept in a real redis-server, and real clients, while Redis goes away and comes
 * back: new negotiations are declined with a readable reason and their clients stay on SOAP, the stream already
 * open answers the calls it had in flight and the ones after, every call is answered and the server stays up;
 * once Redis answers again, new negotiations stream again.
 */
@Timeout(120)
class StoreOutageTest {

    @Test
    void aRedisOutageDeclinesNewStreamsWhileCallsAreStillAnswered() throws Exception {
        try (EmbeddedRedis redis = EmbeddedRedis.start();
             HhfrServer server = HhfrServer.start(TestServers.loopback().contextStore(redis.uri()).build())) {
            SessionOutcomes open = new SessionOutcomes();
            try (HhfrClient streaming = client(server, open)) {
                Session sum = streaming.open(WsdlOperations.fetch(streaming).operation("sum"));
                assertEquals(SessionOutcomes.STREAMS, open.next());
                assertEquals(Mode.HHFR_TCP, sum.mode());
                assertEquals(3f, sum.call(Float.class, new float[] {1f, 2f}), 0f);

                List<CompletableFuture<Float>> inFlight = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    float value = i;
                    inFlight.add(CompletableFuture.supplyAsync(() -> sumOf(sum, value, 0.5f)));
                }
                redis.stop();
                for (int i = 0; i < inFlight.size(); i++) {
                    assertEquals(i + 0.5f, inFlight.get(i).get(30, TimeUnit.SECONDS), 0f);
                }

                SessionOutcomes declined = new SessionOutcomes();
                try (HhfrClient newcomer = client(server, declined)) {
                    Session onSoap = newcomer.open(WsdlOperations.fetch(newcomer).operation("sum"));
                    String reason = declined.next();
                    assertTrue(reason.contains("session store cannot be reached"), reason);
                    assertEquals(Mode.SOAP, onSoap.mode());
                    assertEquals(7f, onSoap.call(Float.class, new float[] {3f, 4f}), 0f);
                }
                for (int i = 0; i < 20; i++) {
                    assertEquals(i + 1f, sum.call(Float.class, new float[] {i, 1f}), 0f);
                }
                assertEquals(Mode.HHFR_TCP, sum.mode(), "the open stream kept streaming");
                redis.startAgain();
                assertTrue(streamsAgainWithin(server, 60_000), "no stream after Redis came back");
            }
        }
    }

    @Test
    void aStoreThatStaysUnreachableIsWarnedAboutOnceNotAtEveryPurge() throws Exception {
        List<String> log = CapturedLog.during(() -> {
            try (HhfrServer server = HhfrServer.start(TestServers.loopback().contextStore("redis://127.0.0.1:1")
                    .moduleParameter(ModuleSettings.PURGE_INTERVAL_MILLIS, "20").build())) {
                Thread.sleep(1_000); // fifty purges
            }
        });
        long warnings = log.stream().filter(line -> line.contains("could not purge expired HHFR sessions")).count();
        assertEquals(1, warnings, String.join("\n", log));
    }

    private static float sumOf(Session session, float... values) {
        try {
            return session.call(Float.class, (Object) values);
        } catch (HhfrException e) {
            throw new CompletionException(e);
        }
    }

    /** Opens new sessions until one streams (Redis is probed again once a second), or the time is up. */
    private static boolean streamsAgainWithin(HhfrServer server, long millis) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (System.nanoTime() < deadline) {
            SessionOutcomes road = new SessionOutcomes();
            try (HhfrClient client = client(server, road)) {
                Session sum = client.open(WsdlOperations.fetch(client).operation("sum"));
                if (road.next().equals(SessionOutcomes.STREAMS)) {
                    assertEquals(5f, sum.call(Float.class, new float[] {2f, 3f}), 0f);
                    return true;
                }
            }
            Thread.sleep(200);
        }
        return false;
    }

    private static HhfrClient client(HhfrServer server, SessionOutcomes road) {
        return HhfrClient.builder(server.serviceUrl("localhost", "FloatSum"))
                .preferredModes(Mode.HHFR_TCP, Mode.SOAP)
                .negotiateOnOpen(true)
                .callTimeoutMillis(15_000)
                .eventListener(road)
                .build();
    }
}
