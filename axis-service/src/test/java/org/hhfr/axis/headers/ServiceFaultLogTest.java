package org.hhfr.axis.headers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;

import org.apache.axis2.AxisFault;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.ServerSettings;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Mode;
import org.hhfr.client.ServiceFaultException;
import org.hhfr.client.Session;
import org.hhfr.client.WsdlOperations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A fault a service raises on purpose is an outcome: the stream server logs it in one line with its code and
 * reason, without a stack trace. An unexpected error of the service is logged with its trace, once, and the same
 * error again in one line each time (a service that fails so on every call fills no log with traces). The log is
 * slf4j-simple's, on standard error, captured while the streamed calls run.
 */
@Timeout(120)
class ServiceFaultLogTest {
    private static HhfrServer server;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(ServerSettings.builder().port(0).requestThreads(2)
                .streams("127.0.0.1", "127.0.0.1", 0, ServerSettings.NOT_SERVED).build());
        CallGuard.engage(server.axisContext().getAxisConfiguration(), "StringConcat", "fault-raiser", call -> {
            String body = call.getEnvelope().getBody().toString();
            if (body.contains("no-such-booking")) {
                throw new AxisFault("booking no-such-booking does not exist");
            }
            if (body.contains("bug")) {
                throw new IllegalStateException("an unexpected bug-7 in the service");
            }
        });
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
    }

    @Test
    void aServiceFaultIsOneLineAndAnUnexpectedErrorKeepsItsTraceOnce() throws Exception {
        List<String> log;
        try (HhfrClient client = HhfrClient.builder(server.serviceUrl("127.0.0.1", "StringConcat"))
                .preferredModes(Mode.HHFR_TCP).build()) {
            Session concat = client.open(WsdlOperations.fetch(client).operation("concat"));
            concat.call(concat.newRequest().set("parts", new String[] {"a"}).build());
            concat.call(concat.newRequest().set("parts", new String[] {"b"}).build());
            assertEquals(Mode.HHFR_TCP, concat.mode());
            log = CapturedLog.during(() -> {
                ServiceFaultException fault = assertThrows(ServiceFaultException.class, () -> concat.call(
                        concat.newRequest().set("parts", new String[] {"no-such-booking"}).build()));
                assertEquals("booking no-such-booking does not exist", fault.reason());
                for (int i = 0; i < 3; i++) {
                    assertThrows(ServiceFaultException.class, () -> concat.call(
                            concat.newRequest().set("parts", new String[] {"bug"}).build()));
                }
            });
        }
        List<String> serviceFault = linesWith(log, "no-such-booking");
        assertEquals(1, serviceFault.size(), String.join("\n", log));
        assertTrue(serviceFault.get(0).contains("RECEIVER fault: booking no-such-booking does not exist"),
                serviceFault.get(0));
        int faultLine = log.indexOf(serviceFault.get(0));
        assertTrue(faultLine + 1 == log.size() || !log.get(faultLine + 1).trim().startsWith("at "),
                "a stack trace follows the service fault:\n" + String.join("\n", log));

        List<String> errorTrace = linesWith(log, "IllegalStateException: an unexpected bug-7");
        assertEquals(1, errorTrace.size(), "the unexpected error is logged with its trace once:\n"
                + String.join("\n", log));
        assertTrue(log.get(log.indexOf(errorTrace.get(0)) + 1).trim().startsWith("at "), String.join("\n", log));
        assertEquals(2, linesWith(log, "failed with java.lang.IllegalStateException again (its trace is logged above)")
                .size(), String.join("\n", log));
    }

    private static List<String> linesWith(List<String> log, String text) {
        return log.stream().filter(line -> line.contains(text)).collect(Collectors.toList());
    }
}
