package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.hhfr.axis.server.HhfrServer;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.NegotiationLimits;
import org.hhfr.negotiation.NegotiationReader;
import org.hhfr.negotiation.NegotiationWriter;
import org.hhfr.negotiation.Offer;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.handshake.ClientHandshake;
import org.hhfr.transports.netty.NettyStreamClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The embedded server under hostile traffic on real sockets: stalled request bodies, stalled and broken chunked
 * bodies, negotiations that never open a stream, stream connections pinning partial frames, and bodies that
 * make Axis2 fail inside. Throughout, a good client calling from 127.0.0.1 is served within a second, every
 * reply is well-formed HTTP (its status line first), and the stream connections' partial frames stay within the
 * server's budget. Attackers connect from other loopback addresses (127.0.0.2 and up; all of 127/8 is
 * loopback on Linux), so the per-address limits that hold them leave the good client alone.
 */
class HostileTrafficTest {
    private static final int REQUEST_TIMEOUT_MILLIS = 2_000;
    private static final long GOOD_CALL_BOUND_MILLIS = 1_000;
    private static final int PER_ADDRESS = 4;
    private static final int MAX_MESSAGE_BYTES = 256 << 10;
    private static final long FRAME_BUDGET = 1 << 20;
    private static final int SESSIONS_PER_ADDRESS = 20;
    private static final int UNOPENED_SESSION_MILLIS = 3_000;
    private static final String FLOAT_SUM = "/axis2/services/FloatSum";
    private static HhfrServer server;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(TestServers.loopback().requestThreads(16)
                .maxConnectionsPerAddress(PER_ADDRESS).requestTimeoutMillis(REQUEST_TIMEOUT_MILLIS)
                .moduleParameter("maxMessageBytes", String.valueOf(MAX_MESSAGE_BYTES))
                .moduleParameter("maxBufferedFrameBytes", String.valueOf(FRAME_BUDGET))
                .moduleParameter("maxSessionsPerAddress", String.valueOf(SESSIONS_PER_ADDRESS))
                .moduleParameter("unopenedSessionMillis", String.valueOf(UNOPENED_SESSION_MILLIS))
                .moduleParameter("purgeIntervalMillis", "250")
                .build());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    // ---- a: stalled bodies ----

    @Test
    void stalledBodiesHoldOnlyTheirAddressesShareWhileAGoodClientIsServedWithinASecond() throws Exception {
        List<Socket> attackers = new ArrayList<>();
        List<Socket> stalled = new ArrayList<>();
        int refused = 0;
        try {
            for (int i = 0; i < 20; i++) {
                attackers.add(connectFrom("127.0.0." + (2 + i % 3), server.port()));
            }
            Thread.sleep(300); // connections over their address's share are answered at once
            for (Socket attacker : attackers) {
                if (attacker.getInputStream().available() > 0) {
                    StrictResponse response = StrictResponse.read(attacker.getInputStream());
                    assertEquals(429, response.status, response::toString);
                    assertEquals("close", response.headers.get("connection"));
                    refused++;
                } else {
                    sendStalledPost(attacker, "Content-Length: 1000\r\n\r\n<s:Envelope");
                    stalled.add(attacker);
                }
            }
            assertEquals(20 - 3 * PER_ADDRESS, refused, "connections beyond " + PER_ADDRESS + " per address");

            GoodClient good = GoodClient.start(server.port());
            Thread.sleep(REQUEST_TIMEOUT_MILLIS * 3 / 4);
            good.stopAndCheck(GOOD_CALL_BOUND_MILLIS);

            for (Socket attacker : stalled) {
                assertTimedOut(StrictResponse.read(attacker.getInputStream()));
            }
        } finally {
            closeAll(attackers);
        }
    }

    @Test
    void theBodyDeadlineAloneBoundsHowLongStalledBodiesDelayOthers() throws Exception {
        try (HhfrServer open = HhfrServer.start(TestServers.loopback().requestThreads(16)
                .maxConnectionsPerAddress(1_000).requestTimeoutMillis(REQUEST_TIMEOUT_MILLIS).build())) {
            List<Socket> attackers = new ArrayList<>();
            try {
                for (int i = 0; i < 20; i++) {
                    Socket attacker = connectFrom("127.0.0.2", open.port());
                    sendStalledPost(attacker, "Content-Length: 1000\r\n\r\n<s:Envelope");
                    attackers.add(attacker);
                }
                Thread.sleep(200);
                GoodClient good = GoodClient.start(open.port());
                Thread.sleep(REQUEST_TIMEOUT_MILLIS + 500);
                // every thread was taken: the good client waited, but at most until the stalled bodies timed out
                good.stopAndCheck(REQUEST_TIMEOUT_MILLIS + GOOD_CALL_BOUND_MILLIS);
                for (Socket attacker : attackers) {
                    assertTimedOut(StrictResponse.read(attacker.getInputStream()));
                }
            } finally {
                closeAll(attackers);
            }
        }
    }

    // ---- b: stalled and broken chunked bodies ----

    @Test
    void repliesToStalledOrBrokenChunkedBodiesAreWellFormedHttp() throws Exception {
        String envelope = "<s:Envelope xmlns:s=\"" + Envelopes.SOAP11 + "\"><s:Body>";
        String chunk = Integer.toHexString(envelope.length()) + "\r\n" + envelope;
        String[] stalls = {
            chunk + "\r\n",                                                   // a whole chunk, then nothing
            Integer.toHexString(envelope.length() + 100) + "\r\n" + envelope, // a chunk cut short
            "1f",                                                             // an unterminated chunk size
        };
        List<CompletableFuture<StrictResponse>> replies = new ArrayList<>();
        for (int i = 0; i < stalls.length; i++) {
            String body = stalls[i];
            String from = "127.0.0." + (5 + i);
            replies.add(CompletableFuture.supplyAsync(
                    () -> exchange(from, "Transfer-Encoding: chunked\r\n\r\n" + body)));
        }
        StrictResponse broken = exchange("127.0.0.8", "Transfer-Encoding: chunked\r\n\r\nzz\r\n" + envelope);
        assertEquals(400, broken.status, broken::toString);
        assertEquals("close", broken.headers.get("connection"));
        assertEquals("the request body ended early or its chunked framing is broken", Envelopes.fault(broken.body)[1]);
        for (CompletableFuture<StrictResponse> reply : replies) {
            assertTimedOut(reply.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void aRequestWithoutContentLengthOrChunkingHasNoBodyToWaitFor() throws Exception {
        RawHttp.get(server.port(), FLOAT_SUM + "?wsdl"); // Axis2 makes the WSDL once
        try (Socket socket = connectFrom("127.0.0.12", server.port())) {
            socket.getOutputStream().write(("GET " + FLOAT_SUM + "?wsdl HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            StrictResponse response = StrictResponse.read(socket.getInputStream());
            assertEquals(200, response.status, response::toString);
            assertTrue(response.body.contains("wsdl:definitions"), response::toString);
            assertTrue(response.waitedMillis < REQUEST_TIMEOUT_MILLIS, "waited " + response.waitedMillis + " ms");
        }
    }

    private static void assertTimedOut(StrictResponse response) throws Exception {
        assertEquals(408, response.status, response::toString);
        assertEquals("close", response.headers.get("connection"), response::toString);
        String[] fault = Envelopes.fault(response.body);
        assertTrue(fault[0].endsWith(":Client"), fault[0]);
        assertEquals("the request body did not arrive within the request timeout of " + REQUEST_TIMEOUT_MILLIS
                + " ms", fault[1]);
        assertTrue(response.waitedMillis <= REQUEST_TIMEOUT_MILLIS + GOOD_CALL_BOUND_MILLIS,
                () -> "answered after " + response.waitedMillis + " ms");
    }

    /** Posts a SOAP request head and the given rest from {@code from}, then reads the reply strictly. */
    private static StrictResponse exchange(String from, String framingAndBody) {
        try (Socket socket = connectFrom(from, server.port())) {
            sendStalledPost(socket, framingAndBody);
            return StrictResponse.read(socket.getInputStream());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- c: negotiations that never open a stream ----

    @Test
    void negotiationsThatNeverStreamCannotLockOtherClientsOut() throws Exception {
        long floodStart = System.nanoTime();
        for (int i = 0; i < SESSIONS_PER_ADDRESS; i++) {
            Answer answer = negotiate("127.0.0.9");
            assertTrue(answer.isAccepted(), answer::toString);
        }
        Answer overCap = negotiate("127.0.0.9");
        assertTrue(System.nanoTime() - floodStart < TimeUnit.MILLISECONDS.toNanos(UNOPENED_SESSION_MILLIS),
                "the flood outlasted the grants it made; the cap cannot be seen");
        assertFalse(overCap.isAccepted(), () -> "session " + (SESSIONS_PER_ADDRESS + 1) + " of one address: "
                + overCap);
        assertNotNull(overCap.reason());

        long before = System.nanoTime();
        Answer good = negotiate("127.0.0.1");
        assertTrue(good.isAccepted(), good::toString);
        assertEquals("<ns:sumResponse xmlns:ns=\"http://services.axis.hhfr.org\"><return>3.0</return></ns:sumResponse>",
                streamSum(good));
        assertTrue(System.nanoTime() - before < TimeUnit.MILLISECONDS.toNanos(GOOD_CALL_BOUND_MILLIS) * 2,
                "negotiated and streamed one call");

        // grants never used expire soon, so the flooding address gets sessions again
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(UNOPENED_SESSION_MILLIS * 3L);
        Answer again;
        do {
            Thread.sleep(100);
            again = negotiate("127.0.0.9");
        } while (!again.isAccepted() && System.nanoTime() < deadline);
        assertTrue(again.isAccepted(), () -> "the address's unused sessions did not expire");
    }

    /** Negotiates FloatSum's sum (TCP, the XML representation) over raw HTTP from {@code from}. */
    private static Answer negotiate(String from) throws Exception {
        Offer offer = Offer.builder().transports(List.of(HhfrUris.TRANSPORT_TCP))
                .representations(List.of(HhfrUris.REPRESENTATION_XML)).build();
        String envelope = "<s:Envelope xmlns:s=\"" + Envelopes.SOAP11 + "\"><s:Header>"
                + NegotiationWriter.offerHeader(offer).xml() + "</s:Header><s:Body>" + Envelopes.sum("1", "2")
                + "</s:Body></s:Envelope>";
        byte[] body = envelope.getBytes(StandardCharsets.UTF_8);
        try (Socket socket = connectFrom(from, server.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + FLOAT_SUM + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                    + "Content-Type: text/xml; charset=UTF-8\r\nSOAPAction: \"urn:sum\"\r\nContent-Length: "
                    + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            StrictResponse response = StrictResponse.read(socket.getInputStream());
            assertEquals(200, response.status, response::toString);
            assertEquals("3.0", Envelopes.singleReturn(response.body));
            Matcher answer = Pattern.compile("<Answer [\\s\\S]*?</Answer>|<Answer [^>]*/>").matcher(response.body);
            assertTrue(answer.find(), response::toString);
            return new NegotiationReader(NegotiationLimits.defaults()).readAnswer(answer.group());
        }
    }

    private static String streamSum(Answer answer) throws Exception {
        try (NettyStreamClient client = NettyStreamClient.tcp(
                new InetSocketAddress(answer.endpoint().host(), answer.endpoint().port()),
                answer.sessionId().toBytes(), answer.token().toBytes()).connectTimeoutMillis(2_000).connect()) {
            byte[] response = client.call(("<ns:sum xmlns:ns=\"http://services.axis.hhfr.org\"><values>1</values>"
                    + "<values>2</values></ns:sum>").getBytes(StandardCharsets.UTF_8)).get(5, TimeUnit.SECONDS);
            return new String(response, StandardCharsets.UTF_8);
        }
    }

    // ---- d: partial frames ----

    @Test
    void partialFramesAreBoundedPerConnectionAndAcrossTheServer() throws Exception {
        int port = server.streamPort(HhfrUris.TRANSPORT_TCP);
        List<Socket> pinning = new ArrayList<>();
        AtomicLong mostBuffered = new AtomicLong();
        AtomicBoolean watching = new AtomicBoolean(true);
        Thread watcher = new Thread(() -> {
            while (watching.get()) {
                mostBuffered.accumulateAndGet(server.bufferedFrameBytes(), Math::max);
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        watcher.start();
        try {
            // before the handshake, a frame may be no longer than a HELLO
            try (Socket early = connectFrom("127.0.0.10", port)) {
                early.getOutputStream().write(lengthPrefix(MAX_MESSAGE_BYTES));
                ErrorFrame refusal = readError(early.getInputStream());
                assertEquals(ErrorCode.TOO_LARGE, refusal.code());
                assertTrue(refusal.reason().startsWith("handshake frame of " + MAX_MESSAGE_BYTES + " bytes"),
                        refusal.reason());
            }
            // after it, no longer than the session's agreed message size (the server's own limit is 16 MiB)
            try (Socket tooLong = authenticated(port)) {
                tooLong.getOutputStream().write(lengthPrefix(4 * MAX_MESSAGE_BYTES));
                ErrorFrame refusal = readError(tooLong.getInputStream());
                assertEquals(ErrorCode.TOO_LARGE, refusal.code());
                assertTrue(refusal.reason().startsWith("frame of " + 4 * MAX_MESSAGE_BYTES + " bytes exceeds"),
                        refusal.reason());
            }
            // ten connections each pinning most of a message: the budget takes a few, the rest are refused
            int frameLength = MAX_MESSAGE_BYTES - 1024;
            byte[] part = new byte[frameLength * 3 / 4];
            part[0] = (byte) FrameType.DATA.code();
            int refused = 0;
            int refusedMidWrite = 0;
            GoodClient good = GoodClient.start(server.port());
            for (int i = 0; i < 10; i++) {
                Socket socket = authenticated(port);
                try {
                    OutputStream out = socket.getOutputStream();
                    out.write(lengthPrefix(frameLength));
                    out.write(part);
                    out.flush();
                    pinning.add(socket);
                } catch (SocketException closedByRefusal) {
                    // the server refused the frame from its length and closed the connection mid-write
                    socket.close();
                    refusedMidWrite++;
                }
            }
            for (Socket socket : pinning) {
                socket.setSoTimeout(300);
                try {
                    ErrorFrame refusal = readError(socket.getInputStream());
                    assertEquals(ErrorCode.TOO_LARGE, refusal.code());
                    assertTrue(refusal.reason().contains("up to " + FRAME_BUDGET + " bytes"), refusal.reason());
                    refused++;
                } catch (SocketTimeoutException stillHeld) {
                    // its partial frame fits the budget
                }
            }
            good.stopAndCheck(GOOD_CALL_BOUND_MILLIS);
            long held = pinning.size() - refused;
            assertTrue(refused + refusedMidWrite > 0 && held > 0,
                    held + " held, " + refused + " refused, " + refusedMidWrite + " refused mid-write");
            assertTrue(held * part.length <= FRAME_BUDGET, held + " partial frames held");

            // a good stream still works: its whole frames need no buffer
            Answer answer = negotiate("127.0.0.1");
            assertTrue(streamSum(answer).contains("<return>3.0</return>"));
        } finally {
            closeAll(pinning);
            watching.set(false);
            watcher.join();
        }
        assertTrue(mostBuffered.get() > 0 && mostBuffered.get() <= FRAME_BUDGET,
                "most bytes buffered: " + mostBuffered.get());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (server.bufferedFrameBytes() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(0, server.bufferedFrameBytes(), "closed connections give their partial frames back");
    }

    /** A stream connection from 127.0.0.11 past its handshake, for a session of its own. */
    private static Socket authenticated(int port) throws Exception {
        Answer answer = negotiate("127.0.0.11");
        assertTrue(answer.isAccepted(), answer::toString);
        Socket socket = connectFrom("127.0.0.11", port);
        Frame hello = new ClientHandshake(answer.sessionId(),
                SessionKeys.fromToken(answer.token().toBytes())).hello();
        OutputStream out = socket.getOutputStream();
        out.write(FrameCodec.encode(hello));
        out.flush();
        Frame welcome = readFrame(socket.getInputStream());
        assertEquals(FrameType.WELCOME, welcome.type(), welcome::toString);
        return socket;
    }

    private static byte[] lengthPrefix(int length) {
        ByteArrayOutputStream prefix = new ByteArrayOutputStream();
        int rest = length;
        while (rest >= 0x80) {
            prefix.write((rest & 0x7F) | 0x80);
            rest >>>= 7;
        }
        prefix.write(rest);
        return prefix.toByteArray();
    }

    /** The next frame from {@code in}, which must be an ERROR. */
    static ErrorFrame readError(InputStream in) throws Exception {
        Frame frame = readFrame(in);
        assertEquals(FrameType.ERROR, frame.type(), frame::toString);
        return (ErrorFrame) frame;
    }

    private static Frame readFrame(InputStream in) throws Exception {
        int length = 0;
        for (int shift = 0; ; shift += 7) {
            int b = in.read();
            if (b < 0) {
                fail("the server closed the connection without a frame");
            }
            length |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                break;
            }
        }
        byte[] content = in.readNBytes(length);
        return FrameCodec.decodeContent(content, 0, content.length, FrameLimits.defaults());
    }

    // ---- e: bodies Axis2 fails on ----

    @Test
    void deepOrUnexpectedBodiesGetReadableFaultsWithoutInternals() throws Exception {
        StringBuilder deep = new StringBuilder("<ns:concat xmlns:ns=\"" + Envelopes.SERVICES_NS + "\"><parts>");
        deep.append("<a>".repeat(100_000)).append("</a>".repeat(100_000)).append("</parts></ns:concat>");
        assertClientFault(deep.toString(), "the request nests XML deeper than 1000 elements");
        assertClientFault("<ns:concat xmlns:ns=\"" + Envelopes.SERVICES_NS + "\"><a><b/></a></ns:concat>",
                "the request does not match the message of operation concat");
    }

    private static void assertClientFault(String body, String reason) throws Exception {
        RawHttp.Response response = RawHttp.postSoap11(server.port(), "/axis2/services/StringConcat", "urn:concat",
                Envelopes.envelope(Envelopes.SOAP11, body));
        assertEquals(500, response.status, response::toString);
        String[] fault = Envelopes.fault(response.body);
        assertTrue(fault[0].endsWith(":Client"), fault[0]);
        assertEquals(reason, fault[1]);
        for (String internal : new String[] {"Exception", "Index ", "java.", "\tat "}) {
            assertFalse(response.toString().contains(internal), () -> internal + " in " + response);
        }
    }

    // ---- helpers ----

    /** A connection to {@code port} of the server from {@code localAddress}, one of the loopback addresses. */
    static Socket connectFrom(String localAddress, int port) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(InetAddress.getByName(localAddress), 0));
        socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
        socket.setSoTimeout(10_000);
        return socket;
    }

    /** A FloatSum request head and the given framing headers and first body bytes; the rest never comes. */
    private static void sendStalledPost(Socket socket, String framingAndBody) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(("POST " + FLOAT_SUM + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml; charset=UTF-8\r\n"
                + "SOAPAction: \"urn:sum\"\r\n" + framingAndBody).getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static void closeAll(List<Socket> sockets) {
        for (Socket socket : sockets) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }

    /** Calls FloatSum from 127.0.0.1 in a loop, timing each call, until stopped. */
    private static final class GoodClient {
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final AtomicLong slowestNanos = new AtomicLong();
        private final AtomicLong calls = new AtomicLong();
        private final CompletableFuture<Void> done;

        private GoodClient(int port) {
            done = CompletableFuture.runAsync(() -> {
                while (running.get()) {
                    long start = System.nanoTime();
                    try {
                        RawHttp.Response response = RawHttp.postSoap11(port, FLOAT_SUM, "urn:sum",
                                Envelopes.envelope(Envelopes.SOAP11, Envelopes.sum("1", "2")));
                        assertEquals(200, response.status, response::toString);
                        assertEquals("3.0", Envelopes.singleReturn(response.body));
                    } catch (Exception e) {
                        throw new IllegalStateException("the good client's call failed", e);
                    }
                    slowestNanos.accumulateAndGet(System.nanoTime() - start, Math::max);
                    calls.incrementAndGet();
                }
            });
        }

        static GoodClient start(int port) {
            return new GoodClient(port);
        }

        /** Stops after the call under way; every call succeeded within {@code boundMillis}. */
        void stopAndCheck(long boundMillis) throws Exception {
            running.set(false);
            done.get(boundMillis + 5_000, TimeUnit.MILLISECONDS);
            long slowest = TimeUnit.NANOSECONDS.toMillis(slowestNanos.get());
            assertTrue(calls.get() >= 1, "the good client made no call");
            assertTrue(slowest <= boundMillis, () -> "the good client waited " + slowest + " ms for a call");
        }
    }

    /**
     * A response read until the server closes the connection and parsed strictly: the status line first, the
     * head, then a body that is exactly its Content-Length or complete chunks ending in the last chunk, and
     * nothing after it.
     */
    private static final class StrictResponse {
        private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.1 (\\d{3}) [^\\r\\n]*");

        final int status;
        final Map<String, String> headers;
        final String body;
        final long waitedMillis;

        private StrictResponse(int status, Map<String, String> headers, String body, long waitedMillis) {
            this.status = status;
            this.headers = headers;
            this.body = body;
            this.waitedMillis = waitedMillis;
        }

        static StrictResponse read(InputStream in) throws IOException {
            long start = System.nanoTime();
            byte[] all = in.readAllBytes();
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            String text = new String(all, StandardCharsets.ISO_8859_1);
            int headEnd = text.indexOf("\r\n\r\n");
            assertTrue(headEnd > 0, () -> "no response head: " + text);
            String[] lines = text.substring(0, headEnd).split("\r\n");
            Matcher statusLine = STATUS_LINE.matcher(lines[0]);
            assertTrue(statusLine.matches(), () -> "the response does not start with a status line: " + text);
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                assertTrue(colon > 0, "a malformed header line: " + lines[i]);
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim());
            }
            String payload = text.substring(headEnd + 4);
            String body = "chunked".equalsIgnoreCase(headers.get("transfer-encoding")) ? dechunk(payload)
                    : exactLength(payload, headers.get("content-length"));
            return new StrictResponse(Integer.parseInt(statusLine.group(1)), headers,
                    new String(body.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8), waited);
        }

        private static String exactLength(String payload, String length) {
            assertNotNull(length, "neither chunked nor a Content-Length");
            assertEquals(Integer.parseInt(length), payload.length(), "body length");
            return payload;
        }

        private static String dechunk(String payload) {
            StringBuilder body = new StringBuilder();
            int at = 0;
            while (true) {
                int lineEnd = payload.indexOf("\r\n", at);
                assertTrue(lineEnd > at, "a chunk without its size line at " + at + ": " + payload);
                int size = Integer.parseInt(payload.substring(at, lineEnd).split(";")[0].trim(), 16);
                at = lineEnd + 2;
                if (size == 0) {
                    assertEquals("\r\n", payload.substring(at), "after the last chunk");
                    return body.toString();
                }
                assertTrue(at + size + 2 <= payload.length(), "a chunk cut short: " + payload);
                body.append(payload, at, at + size);
                assertEquals("\r\n", payload.substring(at + size, at + size + 2), "the end of a chunk");
                at += size + 2;
            }
        }

        @Override
        public String toString() {
            return status + " " + headers + "\n" + body;
        }
    }
}
