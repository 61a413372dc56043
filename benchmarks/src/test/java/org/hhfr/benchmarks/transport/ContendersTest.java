package org.hhfr.benchmarks.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every contender of the shoot-out really exchanges float-sums: a bounded run completes, in one JVM. */
class ContendersTest {
    private static final int REQUESTS = 500;

    @ParameterizedTest
    @EnumSource(Contender.class)
    @Timeout(60)
    void aBoundedRunDeliversEveryRequestToTheServer(Contender contender) throws Exception {
        try (ServerSide server = contender.startServer(TransportShootout.HOST)) {
            try (ClientSide client = contender.startClient(TransportShootout.HOST, server.port(),
                    server.newTicket(), 64, REQUESTS)) {
                client.done().get(30, TimeUnit.SECONDS);
                assertEquals(REQUESTS, client.completed());
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (server.received() < REQUESTS && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                assertEquals(REQUESTS, server.received());
            }
        }
    }
}
