package org.hhfr.negotiation.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.SoapVersion;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The request exactly as it leaves the client, read from a raw socket (an HTTP server library would normalise
 * it): every byte of its head is paid on a slow uplink in each plain SOAP call and in the offering one; and the
 * moment it has left, which the caller's {@link HttpCallControl} hears of.
 */
class SoapHttpRequestHeadTest {
    private static final String RESPONSE_BODY = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soap:Body><r/></soap:Body></soap:Envelope>";

    @ParameterizedTest
    @EnumSource(SoapVersion.class)
    void theRequestHeadIsShortAndNamesOnlyWhatTheServerNeeds(SoapVersion version) throws Exception {
        String head = requestHead(version);
        List<String> lines = Arrays.asList(head.split("\r\n"));
        assertTrue(lines.contains("User-Agent: hhfr/1"), head);
        assertTrue(lines.contains("Accept: " + version.mediaType()), head);
        assertTrue(lines.contains("Content-Type: " + SoapHttpClient.contentType(version, "urn:sum")), head);
        assertEquals(version == SoapVersion.SOAP_11, lines.contains("SOAPAction: \"urn:sum\""), head);
        assertTrue(head.toLowerCase(Locale.ROOT).contains("\r\nhost: "), head);
        assertFalse(head.contains("Java/"), head);
        assertFalse(head.contains("image/gif"), head);
        assertFalse(head.contains("no-cache"), head);
    }

    @ParameterizedTest
    @EnumSource(SoapVersion.class)
    void theRequestSentHookRunsBeforeTheAnswerIsRead(SoapVersion version)
            throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> sent = new CompletableFuture<>();
            // The server answers only once the hook ran: a hook that waited for the answer would never run.
            CompletableFuture<String> head = CompletableFuture.supplyAsync(() -> serveOnce(server, sent));
            HttpCallControl control = new HttpCallControl();
            control.onRequestSent(() -> sent.complete(null));
            call(version, server, control);
            assertTrue(sent.isDone());
            assertTrue(head.get(5, TimeUnit.SECONDS).contains("Content-Length: "));
        }
    }

    @ParameterizedTest
    @EnumSource(SoapVersion.class)
    void theRequestSentHookDoesNotRunForACallThatCouldNotConnect(SoapVersion version) throws Exception {
        ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        closed.close();
        HttpCallControl control = new HttpCallControl();
        CompletableFuture<Void> sent = new CompletableFuture<>();
        control.onRequestSent(() -> sent.complete(null));
        assertThrows(IOException.class, () -> call(version, closed, control));
        assertFalse(sent.isDone());
    }

    @ParameterizedTest
    @EnumSource(SoapVersion.class)
    void aCallAbortedOnceItsRequestIsWrittenFailsAtOnceInsteadOfWaitingOnAnotherConnection(SoapVersion version)
            throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            HttpCallControl control = new HttpCallControl();
            control.onRequestSent(control::abort); // as a session closing right then does, from another thread
            long start = System.nanoTime();

            assertThrows(IOException.class, () -> call(version, silent, control));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(millis < 2_000, "the aborted call took " + millis + " ms (its read timeout is 5,000)");
        }
    }

    /** Sends one call to a raw socket that answers with a fixed envelope; returns the request head. */
    private static String requestHead(SoapVersion version) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<String> head = CompletableFuture.supplyAsync(
                    () -> serveOnce(server, CompletableFuture.completedFuture(null)));
            call(version, server, new HttpCallControl());
            return head.get(5, TimeUnit.SECONDS);
        }
    }

    private static void call(SoapVersion version, ServerSocket server, HttpCallControl control) throws IOException {
        URL url = new URL("http://127.0.0.1:" + server.getLocalPort() + "/sum");
        SoapHttpClient client = new SoapHttpClient(url, 2000, 5000, SoapLimits.defaults());
        client.call(version, "urn:sum", Collections.<HeaderBlock>emptyList(),
                BodyWriter.elements(Collections.singletonList("<sum/>")), BodyReader.elements(1024, 8), control);
    }

    /** Reads one request, and once {@code answerAfter} completed answers it; returns the request head. */
    private static String serveOnce(ServerSocket server, CompletableFuture<Void> answerAfter) {
        try (Socket socket = server.accept()) {
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            while (!head.toString(StandardCharsets.ISO_8859_1.name()).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("the request ended inside its head");
                }
                head.write(b);
            }
            String text = head.toString(StandardCharsets.ISO_8859_1.name());
            int length = contentLength(text);
            for (int i = 0; i < length; i++) {
                in.read();
            }
            answerAfter.get(5, TimeUnit.SECONDS);
            byte[] body = RESPONSE_BODY.getBytes(StandardCharsets.UTF_8);
            OutputStream out = socket.getOutputStream();
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Length: " + body.length
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            return text;
        } catch (IOException | InterruptedException | ExecutionException | TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                return Integer.parseInt(line.substring("content-length:".length()).trim());
            }
        }
        return 0;
    }
}
