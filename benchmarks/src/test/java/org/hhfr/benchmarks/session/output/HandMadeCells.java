package org.hhfr.benchmarks.session.output;

import java.util.List;
import java.util.Map;

import org.hhfr.benchmarks.session.BenchMode;
import org.hhfr.benchmarks.session.Cell;
import org.hhfr.benchmarks.session.CellResult;
import org.hhfr.benchmarks.session.NetworkProfile;
import org.hhfr.benchmarks.session.SessionWorkload;

/** Cells with a chosen median time, for testing the report on results no run produced. */
final class HandMadeCells {
    private HandMadeCells() {
    }

    static CellResult cell(NetworkProfile profile, SessionWorkload workload, String mode, int arraySize,
            int messages, double millis) {
        BenchMode benchMode = BenchMode.named(mode);
        long payload = 4L * arraySize * messages;
        return new CellResult(new Cell(workload, profile, benchMode, arraySize, messages), 1, millis, millis, millis,
                payload + 100, 4L * messages + 50, payload, 4L * messages, 1, 1.0,
                profile.lowerBoundMillis(payload, 4L * messages), benchMode.transport().label(), 0);
    }

    static CellResult floatSum(NetworkProfile profile, String mode, int arraySize, int messages, double millis) {
        return cell(profile, SessionWorkload.FLOAT_SUM, mode, arraySize, messages, millis);
    }

    /** The cells as the report reads them: through their rows, as sessions.json holds them. */
    static List<CellFigures> figures(CellResult... cells) {
        return ResultFiles.figures(List.of(cells));
    }

    /** A cell as the report reads it, with bytes on the wire and packets counted by an emulated link. */
    static CellFigures withWire(CellResult cell, long wireBytes, long packets) {
        Map<String, Object> row = ResultRow.of(cell);
        row.put(CellFigures.WIRE_BYTES_UP, wireBytes);
        row.put(CellFigures.WIRE_BYTES_DOWN, 0);
        row.put(CellFigures.WIRE_PACKETS_UP, packets);
        row.put(CellFigures.WIRE_PACKETS_DOWN, 0);
        return CellFigures.of(row);
    }
}
