package org.hhfr.benchmarks.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A tiny grid on loopback: one cell per mode, run for real against the embedded server. */
class SessionBenchTest {
    @Test
    void everyModeRunsItsSessionsWithRightAnswersOnTheTransportItAskedFor() throws Exception {
        BenchGrid grid = new BenchGrid(List.of(SessionWorkload.FLOAT_SUM), List.of(NetworkProfile.LOOPBACK),
                List.of(BenchMode.values()), List.of(20), List.of(4), 1);
        List<Integer> progress = new ArrayList<>();
        List<CellResult> results = new SessionBench(List.of(grid), 1, null).run((done, total, r) -> progress.add(done));

        assertEquals(BenchMode.values().length, results.size());
        assertEquals(BenchMode.values().length, progress.size());
        assertEquals(BenchMode.values().length, (int) progress.get(progress.size() - 1));
        for (CellResult r : results) {
            String mode = r.cell().mode().label();
            assertTrue(r.isClean(), mode + " ended on " + r.endedOn() + " with " + r.wrongAnswers() + " wrong");
            assertEquals(4 * 20 * 4 + 4 * 4, r.payloadBytes(), mode);
            assertTrue(r.bytesUp() > 4 * 20 * 4 && r.bytesDown() > 4 * 4, mode + " counted " + r.bytesUp()
                    + " up, " + r.bytesDown() + " down");
            assertTrue(r.sessionMillis() > 0 && r.clientCpuMillis() > 0, mode);
            assertEquals(0.0, r.lowerBoundMillis(), mode);
        }
        CellResult fresh = result(results, BenchMode.SOAP_NEW_CONN);
        CellResult keepAlive = result(results, BenchMode.SOAP_KEEPALIVE);
        assertEquals(4, fresh.connections(), "a connection per call");
        assertEquals(1, keepAlive.connections(), "one kept-alive connection");
        // A warm session opens its stream from the ticket: no SOAP request, so far fewer bytes than cold.
        CellResult cold = result(results, BenchMode.HHFR_TCP);
        CellResult warm = result(results, BenchMode.HHFR_TCP_WARM);
        assertTrue(warm.bytesUp() < cold.bytesUp(), "warm " + warm.bytesUp() + " vs cold " + cold.bytesUp());
        assertEquals(1, warm.connections(), "the stream's only: no HTTP connection");
        assertTrue(cold.bytesUp() + cold.bytesDown() < fresh.bytesUp() + fresh.bytesDown());
    }

    @Test
    void poiDownloadsAreComparedRecordByRecordWithTheServicesCatalogue() throws Exception {
        BenchGrid grid = new BenchGrid(List.of(SessionWorkload.POI), List.of(NetworkProfile.LOOPBACK),
                List.of(BenchMode.HHFR_TCP_WARM, BenchMode.SOAP_NEW_CONN), List.of(3), List.of(2), 1);
        List<CellResult> results = new SessionBench(List.of(grid), 1, null).run((done, total, r) -> { });

        for (CellResult r : results) {
            assertTrue(r.isClean(), r.cell() + " ended on " + r.endedOn() + " with " + r.wrongAnswers() + " wrong");
            assertTrue(r.payloadBytes() > 2 * 3 * 13 && r.bytesDown() > r.payloadBytes() / 2, r.toString());
        }
    }

    private static CellResult result(List<CellResult> results, BenchMode mode) {
        return results.stream().filter(r -> r.cell().mode() == mode).findFirst().orElseThrow();
    }
}
