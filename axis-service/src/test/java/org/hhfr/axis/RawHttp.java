package org.hhfr.axis;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, one request per connection ({@code Connection: close}), so tests control the
 * exact bytes on the wire: the headers a SOAP client sends, no keep-alive, lying lengths.
 */
final class RawHttp {
    private RawHttp() {
    }

    /** A response: status code, headers (lower-case names) and the body, de-chunked. */
    static final class Response {
        final int status;
        final Map<String, String> headers;
        final String body;

        Response(int status, Map<String, String> headers, String body) {
            this.status = status;
            this.headers = headers;
            this.body = body;
        }

        @Override
        public String toString() {
            return status + " " + headers + "\n" + body;
        }
    }

    /** POSTs a SOAP 1.1 envelope with the given SOAPAction header ({@code null}: no header at all). */
    static Response postSoap11(int port, String path, String soapAction, String envelope) throws IOException {
        String headers = "Content-Type: text/xml; charset=UTF-8\r\n"
                + (soapAction == null ? "" : "SOAPAction: \"" + soapAction + "\"\r\n");
        return post(port, path, headers, envelope.getBytes(StandardCharsets.UTF_8));
    }

    /** POSTs a SOAP 1.2 envelope, the action in the Content-Type. */
    static Response postSoap12(int port, String path, String action, String envelope) throws IOException {
        String headers = "Content-Type: application/soap+xml; charset=UTF-8; action=\"" + action + "\"\r\n";
        return post(port, path, headers, envelope.getBytes(StandardCharsets.UTF_8));
    }

    static Response post(int port, String path, String extraHeaders, byte[] body) throws IOException {
        String head = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n"
                + extraHeaders + "Content-Length: " + body.length + "\r\n\r\n";
        return exchange(port, head.getBytes(StandardCharsets.US_ASCII), body);
    }

    static Response get(int port, String pathAndQuery) throws IOException {
        String head = "GET " + pathAndQuery + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n\r\n";
        return exchange(port, head.getBytes(StandardCharsets.US_ASCII), new byte[0]);
    }

    /** Sends the bytes as they are and reads the response until the server closes the connection. */
    static Response exchange(int port, byte[] head, byte[] body) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(head);
            out.write(body);
            out.flush();
            return read(socket.getInputStream());
        }
    }

    static Response read(InputStream in) throws IOException {
        byte[] all = in.readAllBytes();
        String text = new String(all, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (end < 0) {
            throw new IOException("no complete response head: " + text);
        }
        String[] lines = text.substring(0, end).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
        }
        byte[] payload = java.util.Arrays.copyOfRange(all, end + 4, all.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            payload = dechunk(payload);
        }
        return new Response(status, headers, new String(payload, StandardCharsets.UTF_8));
    }

    private static byte[] dechunk(byte[] chunked) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < chunked.length) {
            int lineEnd = indexOfCrLf(chunked, at);
            String sizeText = new String(chunked, at, lineEnd - at, StandardCharsets.US_ASCII).split(";")[0].trim();
            int size = Integer.parseInt(sizeText, 16);
            if (size == 0) {
                break;
            }
            out.write(chunked, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
        return out.toByteArray();
    }

    private static int indexOfCrLf(byte[] bytes, int from) {
        for (int i = from; i + 1 < bytes.length; i++) {
            if (bytes[i] == '\r' && bytes[i + 1] == '\n') {
                return i;
            }
        }
        throw new IllegalArgumentException("broken chunked encoding");
    }
}
