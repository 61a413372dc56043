package org.hhfr.benchmarks.session.output;

import java.util.LinkedHashMap;
import java.util.Map;

import org.hhfr.benchmarks.session.CellResult;

/**
 * The named, ordered fields of one cell, shared by the JSON and CSV writers so both always agree, and read back
 * by the report ({@link CellFigures}). A cell over a link that counts whole IP packets also has the
 * {@code wire_*} fields: its bytes are then those packets', headers included.
 */
final class ResultRow {
    private ResultRow() {
    }

    static Map<String, Object> of(CellResult r) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("workload", r.cell().workload().label());
        row.put("profile", r.cell().profile().name());
        row.put("mode", r.cell().mode().label());
        row.put("array_size", r.cell().arraySize());
        row.put("messages", r.cell().messages());
        row.put("repeats", r.repeats());
        row.put("session_ms", round(r.sessionMillis()));
        row.put("session_ms_min", round(r.minMillis()));
        row.put("session_ms_max", round(r.maxMillis()));
        row.put("bytes_up", r.bytesUp());
        row.put("bytes_down", r.bytesDown());
        row.put("payload_bytes", r.payloadBytes());
        row.put("overhead_bytes", r.overheadBytes());
        row.put("connections", r.connections());
        row.put("client_cpu_ms", round(r.clientCpuMillis()));
        row.put("messages_per_second", r.sessionMillis() > 0 ? round(messagesPerSecond(r)) : null);
        row.put("lower_bound_ms", round(r.lowerBoundMillis()));
        row.put("lower_bound_ratio", Double.isInfinite(r.lowerBoundRatio()) ? null : round(r.lowerBoundRatio()));
        row.put("ended_on", r.endedOn());
        row.put("wrong_answers", r.wrongAnswers());
        if (r.countsWholePackets()) {
            row.put(CellFigures.WIRE_BYTES_UP, r.bytesUp());
            row.put(CellFigures.WIRE_BYTES_DOWN, r.bytesDown());
            row.put(CellFigures.WIRE_PACKETS_UP, r.packetsUp());
            row.put(CellFigures.WIRE_PACKETS_DOWN, r.packetsDown());
        }
        return row;
    }

    /** Messages the session moved per second of its median time. */
    static double messagesPerSecond(CellResult r) {
        return r.cell().messages() / r.sessionMillis() * 1000;
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
