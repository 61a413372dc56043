package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.HttpURLConnection;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;

import org.hhfr.axis.server.HhfrServer;
import org.junit.jupiter.api.Test;

/**
 * Axis2's server holds a thread per open connection, so keep-alive is bounded: an idle connection is closed
 * after the keep-alive timeout the responses announce, and a connection whose response is sent while others
 * wait for a thread is told to close.
 */
class KeepAliveTest {

    private static byte[] keepAliveSum(String value) {
        return sum(value, "");
    }

    private static byte[] sum(String value, String extraHeaders) {
        byte[] body = Envelopes.envelope(Envelopes.SOAP11, Envelopes.sum(value)).getBytes(StandardCharsets.UTF_8);
        String head = "POST /axis2/services/FloatSum HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extraHeaders
                + "Content-Type: text/xml; charset=UTF-8\r\nSOAPAction: \"urn:sum\"\r\n"
                + "Content-Length: " + body.length + "\r\n\r\n";
        byte[] request = new byte[head.length() + body.length];
        System.arraycopy(head.getBytes(StandardCharsets.US_ASCII), 0, request, 0, head.length());
        System.arraycopy(body, 0, request, head.length(), body.length);
        return request;
    }

    private static Socket connect(HhfrServer server) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 2_000);
        socket.setSoTimeout(10_000);
        return socket;
    }

    @Test
    void anIdleKeepAliveConnectionIsClosedAfterTheAnnouncedTimeout() throws Exception {
        try (HhfrServer server = HhfrServer.start(TestServers.loopback().keepAliveMillis(1_000).build());
             Socket socket = connect(server)) {
            OutputStream out = socket.getOutputStream();
            out.write(keepAliveSum("2.5"));
            out.flush();
            long start = System.nanoTime();
            // the response, then nothing until the server closes the idle connection
            RawHttp.Response response = RawHttp.read(socket.getInputStream());
            long waitedMillis = (System.nanoTime() - start) / 1_000_000;
            assertEquals(200, response.status, response::toString);
            assertEquals("2.5", Envelopes.singleReturn(response.body));
            assertEquals("timeout=1", response.headers.get("keep-alive"));
            assertNull(response.headers.get("connection"));
            assertTrue(waitedMillis >= 900 && waitedMillis < 8_000, "closed after " + waitedMillis + " ms");
        }
    }

    @Test
    void aClientClosingItsKeptAliveConnectionIsNotLoggedAsAProblem() throws Exception {
        PrintStream console = System.err;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (HhfrServer server = HhfrServer.start(TestServers.loopback().build())) {
            System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
            HttpURLConnection http = (HttpURLConnection) new URL("http://127.0.0.1:" + server.port()
                    + "/axis2/services/FloatSum").openConnection();
            http.setDoOutput(true);
            http.setRequestProperty("Content-Type", "text/xml; charset=UTF-8");
            http.setRequestProperty("SOAPAction", "\"urn:sum\"");
            try (OutputStream out = http.getOutputStream()) {
                out.write(Envelopes.envelope(Envelopes.SOAP11, Envelopes.sum("1")).getBytes(StandardCharsets.UTF_8));
            }
            assertEquals(200, http.getResponseCode());
            assertEquals("1.0", Envelopes.singleReturn(new String(http.getInputStream().readAllBytes(), StandardCharsets.UTF_8)));
            http.disconnect(); // closes the kept-alive connection between requests
            Thread.sleep(500);
        } finally {
            System.setErr(console);
        }
        assertEquals("", log.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aResponseSentWhileOthersWaitForAThreadClosesItsConnection() throws Exception {
        try (HhfrServer server = HhfrServer.start(TestServers.loopback().requestThreads(1)
                .queuedConnections(4).build()); Socket first = connect(server); Socket second = connect(server)) {
            Thread.sleep(200); // the first connection holds the only thread, the second waits in the queue
            first.getOutputStream().write(keepAliveSum("1"));
            RawHttp.Response firstResponse = RawHttp.read(first.getInputStream());
            assertEquals("close", firstResponse.headers.get("connection"), firstResponse::toString);
            assertEquals("1.0", Envelopes.singleReturn(firstResponse.body));

            // the closed first connection freed the thread for the waiting one
            second.getOutputStream().write(sum("2", "Connection: close\r\n"));
            RawHttp.Response secondResponse = RawHttp.read(second.getInputStream());
            assertEquals("2.0", Envelopes.singleReturn(secondResponse.body));
        }
    }
}
