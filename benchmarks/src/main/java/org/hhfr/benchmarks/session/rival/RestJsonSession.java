package org.hhfr.benchmarks.session.rival;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.hhfr.benchmarks.session.SessionWorkload;

/**
 * A REST session: POSTs of a JSON body one after the other through {@link HttpURLConnection}, which keeps the
 * connection alive between them (every answer is read to its end, so the connection goes back to the JDK's
 * keep-alive cache). Runs on the calling thread only.
 */
public final class RestJsonSession implements RivalSession {
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;
    /** The largest answer, 5,000 points of interest as JSON, is about 3.5 MB. */
    private static final int MAX_ANSWER_BYTES = 8 << 20;

    private final URL url;
    private final JsonOperation operation;
    private final ObjectMapper json = new ObjectMapper();

    private RestJsonSession(URL url, JsonOperation operation) {
        this.url = url;
        this.operation = operation;
    }

    public static RestJsonSession open(InetSocketAddress server, SessionWorkload workload) throws IOException {
        JsonOperation operation = JsonOperation.of(workload);
        return new RestJsonSession(new URL("http", server.getHostString(), server.getPort(), operation.path()),
                operation);
    }

    @Override
    public void call(Object request, int times, Consumer<Object> answers) throws IOException {
        byte[] body = json.writeValueAsBytes(operation.request(request));
        for (int i = 0; i < times; i++) {
            answers.accept(operation.answerOf(json.readValue(post(body), operation.answerType())));
        }
    }

    private byte[] post(byte[] body) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) url.openConnection();
        connection.setRequestMethod("POST");
        connection.setDoOutput(true);
        connection.setConnectTimeout(CONNECT_TIMEOUT_MILLIS);
        connection.setReadTimeout((int) ANSWER_TIMEOUT_MILLIS);
        connection.setRequestProperty("Content-Type", "application/json");
        connection.setRequestProperty("Accept", "application/json");
        connection.setFixedLengthStreamingMode(body.length);
        try (OutputStream out = connection.getOutputStream()) {
            out.write(body);
        }
        int status = connection.getResponseCode();
        if (status != 200) {
            InputStream error = connection.getErrorStream();
            String detail = error == null ? "" : ": " + new String(error.readNBytes(500), StandardCharsets.UTF_8);
            throw new IOException("POST " + url + " answered " + status + detail);
        }
        try (InputStream in = connection.getInputStream()) {
            byte[] answer = in.readNBytes(MAX_ANSWER_BYTES + 1);
            if (answer.length > MAX_ANSWER_BYTES) {
                throw new IOException("answer of " + url + " over " + MAX_ANSWER_BYTES + " bytes");
            }
            return answer;
        }
    }

    /** Nothing to send: the kept-alive connection ends with the session's link. */
    @Override
    public void close() {
    }
}
