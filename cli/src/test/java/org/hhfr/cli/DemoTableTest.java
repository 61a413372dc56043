package org.hhfr.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;

/** The demo's table: headings, one aligned row per session, numbers to the right, unknown bytes as '?'. */
class DemoTableTest {

    @Test
    void rowsAlignUnderTheHeadingsWithNumbersToTheRight() {
        SessionReport soap = new SessionReport(ServiceAddress.of("http://h:1", "FloatSum.sum"), CallMode.SOAP,
                "soap", 100, 548.14, 52600L, 48300L, "counter", 6.75f,
                new CallTimes(1, 5.4, 6.1), null);
        SessionReport udp = new SessionReport(ServiceAddress.of("http://h:1", "StringConcat.concat"), CallMode.UDP,
                "hhfr-udp", 1, 63.06, null, null, "counter", "Hello, HHFR!",
                new CallTimes(1, 63.0, 63.0), null);
        assertEquals(String.join("\n",
                "mode      service              messages  time ms  bytes up  bytes down  result",
                "soap      FloatSum.sum              100    548.1     52600       48300  6.75",
                "hhfr-udp  StringConcat.concat         1     63.1         ?           ?  \"Hello, HHFR!\"",
                "",
                "bytes: counter; from opening each session to closing it, WSDL fetch not included",
                ""), DemoTable.text(Arrays.asList(soap, udp)));
    }

    @Test
    void jsonIsAnArrayOfTheSessionsWithTheirFieldsInOrder() throws Exception {
        SessionReport soap = new SessionReport(ServiceAddress.of("http://h:1", "FloatSum.sum"), CallMode.AUTO,
                "soap", 1, 2.04, 10L, 20L, "counter", Float.NaN,
                new CallTimes(1, 2.04, 2.04), null);
        JsonNode sessions = new ObjectMapper().readTree(DemoTable.json(Arrays.asList(soap)));
        assertEquals(1, sessions.size());
        List<String> fields = new ArrayList<>();
        sessions.get(0).fieldNames().forEachRemaining(fields::add);
        assertEquals(List.of("service", "operation", "requested_mode", "mode", "messages", "elapsed_ms", "bytes_up",
                "bytes_down", "bytes_source", "in_flight", "latency_median_ms", "latency_p90_ms", "result", "fallback_reason"), fields);
        assertEquals("{\"service\":\"FloatSum\",\"operation\":\"sum\",\"requested_mode\":\"auto\",\"mode\":\"soap\","
                + "\"messages\":1,\"elapsed_ms\":2.0,\"bytes_up\":10,\"bytes_down\":20,\"bytes_source\":\"counter\","
                + "\"in_flight\":1,\"latency_median_ms\":2.0,\"latency_p90_ms\":2.0,\"result\":\"NaN\","
                + "\"fallback_reason\":null}",
                sessions.get(0).toString());
    }

    @Test
    void unknownByteCountsAreNullAndDecimalsKeepTheirDigits() {
        SessionReport udp = new SessionReport(ServiceAddress.of("http://h:1", "Orders.total"), CallMode.UDP,
                "hhfr-udp", 1, 1.0, null, null, "counter", new java.math.BigDecimal("12345678901234567890.10"),
                new CallTimes(1, 1.0, 1.0), null);
        String line = JsonOutput.line(udp.json());
        assertTrue(line.contains("\"bytes_up\":null,\"bytes_down\":null"), line);
        assertTrue(line.contains("\"result\":12345678901234567890.10,"), line);
    }
}
