package org.hhfr.benchmarks.session.output;

import static org.hhfr.benchmarks.session.output.HandMadeCells.floatSum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.hhfr.benchmarks.session.CellResult;
import org.hhfr.benchmarks.session.NetworkProfile;
import org.junit.jupiter.api.Test;

class ResultFilesTest {
    private static final List<CellResult> RESULTS = List.of(
            floatSum(NetworkProfile.LOOPBACK, "grpc-bidi", 100, 100, 40),
            floatSum(NetworkProfile.LOOPBACK, "hhfr-tcp-warm-pipelined", 100, 100, 8));

    @Test
    void jsonRowsCarryTheIssuesFieldsAndMessagesPerSecond() {
        String json = ResultFiles.json(RESULTS);

        assertTrue(json.contains("{\"workload\": \"float-sum\", \"profile\": \"loopback\", \"mode\": \"grpc-bidi\", "
                + "\"array_size\": 100, \"messages\": 100, "), json);
        for (String field : List.of("session_ms", "bytes_up", "bytes_down", "payload_bytes", "lower_bound_ms")) {
            assertTrue(json.contains("\"" + field + "\": "), field);
        }
        assertTrue(json.contains("\"messages_per_second\": 2500.0"), json);
        assertTrue(json.contains("\"messages_per_second\": 12500.0"), json);
    }

    @Test
    void csvHasOneHeaderAndOneLinePerCellWithTheSameColumns() {
        List<String> lines = ResultFiles.csv(RESULTS).lines().toList();

        assertEquals(3, lines.size());
        List<String> header = List.of(lines.get(0).split(","));
        assertTrue(header.containsAll(List.of("workload", "profile", "mode", "array_size", "messages", "session_ms",
                "bytes_up", "bytes_down", "payload_bytes", "lower_bound_ms", "messages_per_second")), lines.get(0));
        assertEquals("2500.0", lines.get(1).split(",")[header.indexOf("messages_per_second")]);
        assertEquals(header.size(), lines.get(2).split(",", -1).length);
    }
}
