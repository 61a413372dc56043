package org.hhfr.axis;

import static org.hhfr.axis.PlainSoapInteropTest.assertNoStackTrace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.hhfr.axis.server.HhfrServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Requests a server must survive: broken XML, bodies over the size limit (declared or chunked), many
 * connections closed by the server after one request (Axis2 2.0.0 closes those twice), all while a small
 * pool of request threads keeps serving.
 */
class HostileRequestTest {
    private static final int MAX_REQUEST_BYTES = 64 * 1024;
    private static final List<Throwable> UNCAUGHT = new CopyOnWriteArrayList<>();
    private static Thread.UncaughtExceptionHandler previous;
    private static HhfrServer server;

    @BeforeAll
    static void start() throws IOException {
        previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> UNCAUGHT.add(e));
        server = HhfrServer.start(TestServers.loopback()
                .maxRequestBytes(MAX_REQUEST_BYTES).build());
    }

    @AfterAll
    static void stop() {
        server.close();
        Thread.setDefaultUncaughtExceptionHandler(previous);
    }

    private static String path(String service) {
        return "/axis2/services/" + service;
    }

    @Test
    void textThatIsNotXmlGetsAClientFaultNamingTheProblem() throws Exception {
        RawHttp.Response response = RawHttp.postSoap11(server.port(), path("FloatSum"), "urn:sum", "this is not xml");
        assertEquals(500, response.status, response::toString);
        String[] fault = Envelopes.fault(response.body);
        assertTrue(fault[0].endsWith(":Client"), fault[0]);
        assertTrue(fault[1].startsWith("the request is not well-formed XML: "), fault[1]);
        assertTrue(fault[1].contains("line 1, column 1"), fault[1]);
        assertNoStackTrace(response.body);
    }

    @Test
    void brokenXmlInsideTheBodyGetsAClientFault() throws Exception {
        String broken = "<s:Envelope xmlns:s=\"" + Envelopes.SOAP11 + "\"><s:Body><ns:sum xmlns:ns=\""
                + Envelopes.SERVICES_NS + "\"><values>1</wrong></ns:sum></s:Body></s:Envelope>";
        RawHttp.Response response = RawHttp.postSoap11(server.port(), path("FloatSum"), "urn:sum", broken);
        assertEquals(500, response.status, response::toString);
        String[] fault = Envelopes.fault(response.body);
        assertTrue(fault[0].endsWith(":Client"), fault[0]);
        assertTrue(fault[1].startsWith("the request is not well-formed XML: "), fault[1]);
        assertNoStackTrace(response.body);
    }

    @Test
    void brokenSoap12IsAnsweredWithASoap12SenderFault() throws Exception {
        RawHttp.Response response = RawHttp.postSoap12(server.port(), path("FloatSum"), "urn:sum", "<<<");
        assertEquals(400, response.status, response::toString);
        assertTrue(response.headers.get("content-type").startsWith("application/soap+xml"), response::toString);
        String[] fault = Envelopes.fault(response.body);
        assertTrue(fault[0].endsWith(":Sender"), fault[0]);
        assertTrue(fault[1].startsWith("the request is not well-formed XML: "), fault[1]);
        assertNoStackTrace(response.body);
    }

    @Test
    void aRequestDeclaringMoreThanTheLimitIsRefusedBeforeItsBodyIsRead() throws Exception {
        String head = "POST " + path("FloatSum") + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: text/xml; charset=UTF-8\r\nSOAPAction: \"urn:sum\"\r\n"
                + "Content-Length: 2000000000\r\n\r\n";
        byte[] start = ("<s:Envelope xmlns:s=\"" + Envelopes.SOAP11 + "\"><s:Body>").getBytes(StandardCharsets.UTF_8);
        RawHttp.Response response = RawHttp.exchange(server.port(), head.getBytes(StandardCharsets.US_ASCII), start);
        assertEquals(413, response.status, response::toString);
        assertEquals("close", response.headers.get("connection"));
        String[] fault = Envelopes.fault(response.body);
        assertTrue(fault[0].endsWith(":Client"), fault[0]);
        assertEquals("the request is larger than the limit of " + MAX_REQUEST_BYTES + " bytes", fault[1]);
        assertServerStillAnswers();
    }

    @Test
    void aChunkedRequestGoingOverTheLimitIsCutOffWithAFault() throws Exception {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 2_000);
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + path("StringConcat") + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Content-Type: text/xml; charset=UTF-8\r\nSOAPAction: \"urn:concat\"\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            writeChunk(out, "<s:Envelope xmlns:s=\"" + Envelopes.SOAP11 + "\"><s:Body><ns:concat xmlns:ns=\""
                    + Envelopes.SERVICES_NS + "\">");
            String part = "<parts>" + "x".repeat(1000) + "</parts>";
            InputStream in = socket.getInputStream();
            // keep sending until the server answers: it must not wait for the end of an endless body
            for (int i = 0; i < 10 * MAX_REQUEST_BYTES / part.length() && in.available() == 0; i++) {
                try {
                    writeChunk(out, part);
                } catch (IOException closedByServer) {
                    break;
                }
            }
            RawHttp.Response response = RawHttp.read(in);
            assertEquals(413, response.status, response::toString);
            String[] fault = Envelopes.fault(response.body);
            assertTrue(fault[0].endsWith(":Client"), fault[0]);
            assertEquals("the request is larger than the limit of " + MAX_REQUEST_BYTES + " bytes", fault[1]);
        }
        assertServerStillAnswers();
    }

    private static void writeChunk(OutputStream out, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    @Test
    void manyRequestsWithoutKeepAliveAreAllAnsweredAndKillNoWorker() throws Exception {
        for (int i = 0; i < 200; i++) {
            RawHttp.Response response = RawHttp.postSoap11(server.port(), path("FloatSum"), "urn:sum",
                    Envelopes.envelope(Envelopes.SOAP11, Envelopes.sum(String.valueOf(i), "0.5")));
            assertEquals(200, response.status, response::toString);
            assertEquals(i + 0.5f, Float.parseFloat(Envelopes.singleReturn(response.body)));
        }
        // give the workers' close-after-response a moment to run
        Thread.sleep(100);
        assertTrue(UNCAUGHT.isEmpty(),
                () -> UNCAUGHT.size() + " worker threads died, the first of " + UNCAUGHT.get(0));
    }

    private static void assertServerStillAnswers() throws Exception {
        RawHttp.Response response = RawHttp.postSoap11(server.port(), path("FloatSum"), "urn:sum",
                Envelopes.envelope(Envelopes.SOAP11, Envelopes.sum("1", "1")));
        assertEquals("2.0", Envelopes.singleReturn(response.body));
    }
}
