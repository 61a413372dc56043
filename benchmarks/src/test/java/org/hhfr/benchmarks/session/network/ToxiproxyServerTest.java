package org.hhfr.benchmarks.session.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * Toxiproxy behind a counting relay delays each direction and the connection set-up as the shape says. The build
 * installs the server with benchmarks/scripts/install-toxiproxy.sh (Go); skipped where it was left out
 * ({@code -Dhhfr.link.skip=true}).
 */
class ToxiproxyServerTest {
    private static final Path BINARY = Path.of("target", "tools", "toxiproxy-server-v2.5.0");
    private static final long MILLIS = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    void proxyAddsTheRoundTripAndTheRelayAddsTheSetUp() throws Exception {
        assumeTrue(Files.isExecutable(BINARY), "Toxiproxy not installed");
        LinkShape shape = new LinkShape(40 * MILLIS, 0, 0, 0, 1);
        try (ServerSocket echo = new ServerSocket(0, 8, InetAddress.getByName("127.0.0.1"));
             ToxiproxyServer toxiproxy = ToxiproxyServer.start(BINARY)) {
            Thread server = new Thread(() -> {
                try (Socket socket = echo.accept()) {
                    socket.getInputStream().transferTo(socket.getOutputStream());
                } catch (java.io.IOException e) {
                    // The test is over.
                }
            });
            server.setDaemon(true);
            server.start();
            InetSocketAddress upstream = new InetSocketAddress("127.0.0.1", echo.getLocalPort());
            try (ShapedTcpRelay relay = ShapedTcpRelay.open("127.0.0.1", port -> toxiproxy.proxy(upstream, shape),
                         LinkShape.setUpOnly(shape.setUpNanos()));
                 Socket client = new Socket("127.0.0.1", relay.port())) {
                long first = exchange(client);
                long second = exchange(client);
                assertTrue(first >= 160 * MILLIS && first < 500 * MILLIS, "first took " + first / MILLIS + " ms");
                assertTrue(second >= 80 * MILLIS && second < 300 * MILLIS, "second took " + second / MILLIS + " ms");
                assertEquals(new Traffic.Counts(20, 20), relay.traffic().counts());
            }
        }
    }

    private static long exchange(Socket client) throws Exception {
        long started = System.nanoTime();
        OutputStream out = client.getOutputStream();
        out.write(new byte[10]);
        out.flush();
        InputStream in = client.getInputStream();
        int read = 0;
        while (read < 10) {
            int n = in.read(new byte[10 - read]);
            assertTrue(n > 0, "echo ended early");
            read += n;
        }
        return System.nanoTime() - started;
    }
}
