package org.hhfr.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** One session of the demo: a service call, a mode, a message count and the answer it must give. */
final class DemoSession {
    private static final int[] MESSAGE_COUNTS = {1, 10, 100};
    private static final CallMode[] MODES = {CallMode.SOAP, CallMode.TCP, CallMode.UDP};

    private final String op;
    private final List<String> values;
    private final Object expected;
    private final CallMode mode;
    private final int messages;

    private DemoSession(String op, List<String> values, Object expected, CallMode mode, int messages) {
        this.op = op;
        this.values = values;
        this.expected = expected;
        this.mode = mode;
        this.messages = messages;
    }

    /** Every mode with every message count, for StringConcat.concat and FloatSum.sum. */
    static List<DemoSession> all() {
        List<DemoSession> sessions = new ArrayList<>();
        for (CallMode mode : MODES) {
            for (int messages : MESSAGE_COUNTS) {
                sessions.add(new DemoSession("StringConcat.concat", Arrays.asList("Hello, ", "HHFR", "!"),
                        "Hello, HHFR!", mode, messages));
                sessions.add(new DemoSession("FloatSum.sum", Arrays.asList("1.5", "2.25", "3"), 6.75f, mode,
                        messages));
            }
        }
        return sessions;
    }

    SessionReport run(String serverUrl) throws IOException {
        return SessionRunner.run(ServiceAddress.of(serverUrl, op), mode, values, messages);
    }

    /** Why the report is not what this session must give, or null when it is. */
    String problemWith(SessionReport report) {
        if (!expected.equals(report.result)) {
            return this + " answered " + ResultValue.text(report.result) + ", not " + ResultValue.text(expected);
        }
        String wanted = mode.preferredLabel();
        if (!wanted.equals(report.mode)) {
            return this + " ended in mode " + report.mode + ", not " + wanted;
        }
        return null;
    }

    @Override
    public String toString() {
        return op + " in mode " + mode.option() + " with " + messages
                + (messages == 1 ? " message" : " messages");
    }
}
