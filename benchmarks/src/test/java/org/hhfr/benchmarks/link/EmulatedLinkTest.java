package org.hhfr.benchmarks.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client JVM run behind {@code hhfr-link}, reaching a server in this JVM over the kernel's TCP: the way the
 * benchmarks' client side is to cross an emulated link. Skipped, with the reason, where this machine cannot
 * make a network namespace (not Linux, not root, no TUN) or has neither the binary nor Go to build it.
 */
class EmulatedLinkTest {
    private static final int DOWNLOAD_BYTES = 300_000;
    private static final Pattern DOWNLINK_STATS = Pattern.compile("downlink: (\\d+) packets arrived, (\\d+) lost");

    private static EmulatedLink link;
    private ServerSocket server;
    private Thread acceptor;

    @BeforeAll
    static void findEmulator() throws Exception {
        link = EmulatorBinary.availableOrSkip();
    }

    @BeforeEach
    void startServer() throws IOException {
        server = new ServerSocket(0); // the wildcard address: the client comes in through the link's device
        acceptor = new Thread(this::serve, "link-test-server");
        acceptor.start();
    }

    @AfterEach
    void stopServer() throws Exception {
        server.close();
        acceptor.join(5_000);
    }

    /** Echoes a connection that starts with anything but 'D'; sends DOWNLOAD_BYTES on one that starts with 'D'. */
    private void serve() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Thread handler = new Thread(() -> handle(socket), "link-test-connection");
                handler.setDaemon(true);
                handler.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private static void handle(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            int first = in.read();
            if (first == 'D') {
                out.write(new byte[DOWNLOAD_BYTES]);
                return;
            }
            out.write(first);
            byte[] buffer = new byte[4096];
            for (int n; (n = in.read(buffer)) > 0; ) {
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            // The client went; nothing to answer.
        }
    }

    @Test
    void tcpRoundTripOfAClientJvmBehindThe3gProfileIs150MillisecondsPlusSerialisation(@TempDir Path dir)
            throws Exception {
        Map<String, String> out = runProbe(List.of("--profile", "3g", "--stats"), dir);
        double median = Double.parseDouble(out.get("rtt-median"));
        // 64 bytes + 20 (IP) + 32 (TCP with timestamps) each way, serialised at 1 Mbit/s down and 384 kbit/s up.
        double expected = 150 + 116 * 8 / 1_000.0 + 116 * 8 / 384.0;
        System.out.printf("3g TCP round trip: median %.2f ms, expected %.2f ms%n", median, expected);
        assertEquals(expected, median, expected * 0.05, "median TCP round trip in ms");
        String[] download = out.get("download").split(" ");
        assertEquals(DOWNLOAD_BYTES, Long.parseLong(download[0]));
    }

    @Test
    void theKernelsTcpMeetsRealLossBehindThe3gLoss3ProfileAndStillDeliversEverything(@TempDir Path dir)
            throws Exception {
        Map<String, String> out = runProbe(List.of("--profile", "3g-loss3", "--stats"), dir);
        String[] download = out.get("download").split(" ");
        assertEquals(DOWNLOAD_BYTES, Long.parseLong(download[0]), "bytes downloaded");
        Matcher stats = DOWNLINK_STATS.matcher(out.get("stderr"));
        assertTrue(stats.find(), "hhfr-link printed no statistics: " + out.get("stderr"));
        long arrived = Long.parseLong(stats.group(1));
        long lost = Long.parseLong(stats.group(2));
        System.out.printf("3g-loss3: %d of %d downlink packets lost; %d bytes in %s ms%n",
                lost, arrived, DOWNLOAD_BYTES, download[1]);
        assertTrue(lost > 0, "the link lost none of " + arrived + " packets: TCP never met a loss");
    }

    /** Runs TcpProbeClient in a JVM behind the link; its output lines by first word, and hhfr-link's stderr. */
    private Map<String, String> runProbe(List<String> linkArguments, Path dir) throws Exception {
        List<String> java = new ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                TcpProbeClient.class.getName(), Integer.toString(server.getLocalPort()), "15"));
        Path stdout = dir.resolve("stdout");
        Path stderr = dir.resolve("stderr");
        Process process = new ProcessBuilder(link.wrap(linkArguments, java))
                .redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        try {
            boolean ended = process.waitFor(60, TimeUnit.SECONDS);
            String errors = Files.readString(stderr);
            assertTrue(ended, "the probe behind the link did not end within 60 s: " + errors);
            assertEquals(0, process.exitValue(), "hhfr-link or the probe failed: " + errors);
            Map<String, String> lines = new HashMap<>();
            for (String line : Files.readAllLines(stdout)) {
                String[] words = line.split(" ", 2);
                lines.put(words[0], words.length > 1 ? words[1] : "");
            }
            lines.put("stderr", errors);
            return lines;
        } finally {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // hhfr-link's namespace and devices go with it
        }
    }
}
