package org.hhfr.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashSet;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** {@code hhfr demo --json} in-process: every mode, both services, 1/10/100 messages, right answers. */
class DemoCommandTest {

    @Test
    void demoRunsBothServicesInEveryModeWithCorrectResults() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new DemoCommand()).setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true)).execute("--json");
        assertEquals(0, exit, err.toString());
        JsonNode sessions = new ObjectMapper().readTree(out.toString());
        assertEquals(18, sessions.size(), out.toString());
        Set<String> seen = new HashSet<>();
        for (JsonNode session : sessions) {
            String service = session.get("service").asText();
            if (service.equals("FloatSum")) {
                assertEquals(6.75, session.get("result").asDouble(), session.toString());
            } else {
                assertEquals("StringConcat", service);
                assertEquals("Hello, HHFR!", session.get("result").asText(), session.toString());
            }
            assertTrue(session.get("bytes_up").asLong() > 0, session.toString());
            seen.add(session.get("mode").asText() + " " + service + " " + session.get("messages").asInt());
        }
        for (String mode : new String[] {"soap", "hhfr-tcp", "hhfr-udp"}) {
            for (String service : new String[] {"FloatSum", "StringConcat"}) {
                for (int messages : new int[] {1, 10, 100}) {
                    assertTrue(seen.contains(mode + " " + service + " " + messages), mode + " " + service
                            + " " + messages + " missing: " + seen);
                }
            }
        }
    }
}
