package org.hhfr.transports.netty;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What the server logs (slf4j-simple writes to standard error) while a block of a test runs. */
final class CapturedStandardError {
    /** The block whose log is captured. */
    interface Block {
        void run() throws Exception;
    }

    private CapturedStandardError() {
    }

    /** Runs {@code block} and returns what was written to standard error meanwhile. */
    static String during(Block block) throws Exception {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            block.run();
        } finally {
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
