package org.hhfr.axis.headers;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/** The server's log (slf4j-simple and Axis2's, on standard error) while some calls run, as lines. */
public final class CapturedLog {
    private CapturedLog() {
    }

    /** Standard error while {@code calls} run, and a little after (the server logs on its own threads). */
    public static List<String> during(ThrowingRunnable calls) throws Exception {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            calls.run();
            Thread.sleep(200);
        } finally {
            System.setErr(original);
        }
        String text = captured.toString(StandardCharsets.UTF_8);
        original.print(text);
        return Arrays.asList(text.split("\\R"));
    }

    @FunctionalInterface
    public interface ThrowingRunnable {
        void run() throws Exception;
    }
}
