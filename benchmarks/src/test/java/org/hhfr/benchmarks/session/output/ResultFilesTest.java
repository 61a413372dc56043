package org.hhfr.benchmarks.session.output;

import static org.hhfr.benchmarks.session.output.HandMadeCells.floatSum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.hhfr.benchmarks.session.CellResult;
import org.hhfr.benchmarks.session.NetworkProfile;
import org.junit.jupiter.api.Test;

class ResultFilesTest {
    private static final List<CellResult> RESULTS = List.of(
            floatSum(NetworkProfile.LOOPBACK, "grpc-bidi", 100, 100, 40),
            floatSum(NetworkProfile.LOOPBACK, "hhfr-tcp-warm-pipelined", 100, 100, 8));

    @Test
    void jsonRowsCarryTheSessionFieldsInOrderAndMessagesPerSecond() throws Exception {
        JsonNode rows = new ObjectMapper().readTree(ResultFiles.json(RESULTS));

        assertEquals(2, rows.size());
        List<String> fields = new ArrayList<>();
        rows.get(0).fieldNames().forEachRemaining(fields::add);
        assertEquals(List.of("workload", "profile", "mode", "array_size", "messages"), fields.subList(0, 5));
        assertTrue(fields.containsAll(List.of("session_ms", "bytes_up", "bytes_down", "payload_bytes",
                "lower_bound_ms")), fields.toString());
        assertEquals("grpc-bidi", rows.get(0).get("mode").asText());
        assertEquals(100, rows.get(0).get("array_size").asInt());
        assertEquals(2500.0, rows.get(0).get("messages_per_second").asDouble());
        assertEquals(12500.0, rows.get(1).get("messages_per_second").asDouble());
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

    @Test
    void aCellOfAnEmulatedLinkCarriesItsPacketsAndReadsBackAsBytesOnTheWire() {
        CellResult relayed = floatSum(NetworkProfile.THREE_G, "hhfr-udp-warm-pipelined", 100, 100, 1200);
        CellResult emulated = new CellResult(relayed.cell(), 1, 1200, 1200, 1200, 46_000, 3_000, 40_000, 400, 0, 1.0,
                1136.5, "hhfr-udp", 0, 120, 110);

        List<String> lines = ResultFiles.csv(List.of(relayed, emulated)).lines().toList();
        CellFigures read = ResultFiles.figures(List.of(emulated)).get(0);

        List<String> header = List.of(lines.get(0).split(","));
        assertTrue(header.containsAll(List.of("wire_bytes_up", "wire_bytes_down", "wire_packets_up",
                "wire_packets_down")), lines.get(0));
        assertEquals("", lines.get(1).split(",", -1)[header.indexOf("wire_packets_up")]);
        assertEquals("120", lines.get(2).split(",", -1)[header.indexOf("wire_packets_up")]);
        assertEquals(49_000, read.wireBytes().getAsLong());
        assertEquals(230, read.wirePackets().getAsLong());
        assertTrue(ResultFiles.figures(List.of(relayed)).get(0).wireBytes().isEmpty());
    }
}
