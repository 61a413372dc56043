package org.hhfr.benchmarks.session;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.Locale;

import org.hhfr.client.Operation;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.XmlRepresentation;

/**
 * Plain SOAP 1.1 as the paper measured it: every call opens its own TCP connection, sends one HTTP/1.1 POST
 * with {@code Connection: close} and reads the answer to the end of the stream. Written on a bare socket
 * because the JDK's HttpURLConnection always pools connections within a process.
 */
final class FreshConnectionSoapClient {
    private static final int MAX_RESPONSE_BYTES = 4 << 20;
    private static final int TIMEOUT_MILLIS = 30_000;

    private final InetSocketAddress address;
    private final String path;
    private final Operation operation;
    private final XmlRepresentation xml = new XmlRepresentation();
    private final SoapEnvelopeReader reader = new SoapEnvelopeReader(SoapLimits.defaults());

    FreshConnectionSoapClient(InetSocketAddress address, String path, Operation operation) {
        this.address = address;
        this.path = path;
        this.operation = operation;
    }

    /** @throws IOException the connection failed, or the answer was no 200 with a SOAP envelope */
    Message call(Message request) throws IOException {
        byte[] envelope = SoapEnvelopeWriter.toBytes(SoapVersion.SOAP_11, Collections.emptyList(),
                MessageBody.writer(xml, request));
        String head = "POST " + path + " HTTP/1.1\r\n"
                + "Host: " + address.getHostString() + ":" + address.getPort() + "\r\n"
                + "Content-Type: " + SoapHttpClient.contentType(SoapVersion.SOAP_11, operation.soapAction()) + "\r\n"
                + "SOAPAction: \"" + operation.soapAction() + "\"\r\n"
                + "Content-Length: " + envelope.length + "\r\n"
                + "Connection: close\r\n\r\n";
        byte[] answer;
        try (Socket socket = new Socket()) {
            socket.connect(address, TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(envelope);
            out.flush();
            answer = readToEnd(socket.getInputStream());
        }
        return reader.read(new ByteArrayInputStream(body(answer)),
                MessageBody.reader(xml, operation.response())).body();
    }

    private static byte[] readToEnd(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer)) >= 0) {
            if (all.size() + n > MAX_RESPONSE_BYTES) {
                throw new IOException("SOAP answer over " + MAX_RESPONSE_BYTES + " bytes");
            }
            all.write(buffer, 0, n);
        }
        return all.toByteArray();
    }

    /** The HTTP body of a 200 answer, de-chunked when needed. */
    private static byte[] body(byte[] answer) throws IOException {
        String text = new String(answer, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (end < 0 || !text.startsWith("HTTP/1.1 200") && !text.startsWith("HTTP/1.0 200")) {
            String status = end < 0 ? "no complete header" : text.substring(0, text.indexOf("\r\n"));
            throw new IOException("SOAP answer not 200: " + status);
        }
        String headers = text.substring(0, end).toLowerCase(Locale.ROOT);
        int start = end + 4;
        if (!headers.contains("transfer-encoding: chunked")) {
            return Arrays.copyOfRange(answer, start, answer.length);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int at = start;
        while (true) {
            int lineEnd = text.indexOf("\r\n", at);
            if (lineEnd < 0) {
                throw new IOException("SOAP answer: broken chunked body");
            }
            String sizeField = text.substring(at, lineEnd);
            int semicolon = sizeField.indexOf(';');
            int size;
            try {
                size = Integer.parseInt((semicolon < 0 ? sizeField : sizeField.substring(0, semicolon)).trim(), 16);
            } catch (NumberFormatException e) {
                throw new IOException("SOAP answer: bad chunk size '" + sizeField + "'");
            }
            if (size == 0) {
                return body.toByteArray();
            }
            if (size < 0 || lineEnd + 2 + size > answer.length) {
                throw new IOException("SOAP answer: chunk past the end");
            }
            body.write(answer, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
    }
}
