package org.hhfr.benchmarks.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.hhfr.axis.services.PointOfInterest;
import org.hhfr.axis.services.PointsOfInterest;
import org.junit.jupiter.api.Test;

/** A tiny grid on loopback: one cell per mode, run for real against the embedded server and the rivals'. */
class SessionBenchTest {
    private static final List<BenchMode> RIVALS = List.of(BenchMode.GRPC_BIDI, BenchMode.GRPC_UNARY,
            BenchMode.REST_JSON);

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
        for (BenchMode rival : RIVALS) {
            assertEquals(1, result(results, rival).connections(), rival.label() + ": one connection per session");
        }
    }

    @Test
    void rivalsConcatenateOverOneConnectionEndingOnTheirOwnTransport() throws Exception {
        BenchGrid grid = new BenchGrid(List.of(SessionWorkload.STRING_CONCAT), List.of(NetworkProfile.LOOPBACK),
                RIVALS, List.of(5), List.of(3), 1);
        List<CellResult> results = new SessionBench(List.of(grid), 1, null).run((done, total, r) -> { });

        assertEquals(RIVALS.size(), results.size());
        for (CellResult r : results) {
            String mode = r.cell().mode().label();
            assertEquals(0, r.wrongAnswers(), mode);
            assertEquals(r.cell().mode() == BenchMode.REST_JSON ? "rest" : "grpc", r.endedOn(), mode);
            assertEquals(1, r.connections(), mode);
            assertEquals(3 * 5 * 8 + 3 * 5 * 8, r.payloadBytes(), mode);
            assertTrue(r.bytesUp() > 3 * 5 * 8 && r.bytesDown() > 3 * 5 * 8, mode + " counted " + r.bytesUp()
                    + " up, " + r.bytesDown() + " down");
        }
    }

    @Test
    void poiDownloadsAreComparedRecordByRecordWithTheServicesCatalogue() throws Exception {
        BenchGrid grid = new BenchGrid(List.of(SessionWorkload.POI), List.of(NetworkProfile.LOOPBACK),
                List.of(BenchMode.HHFR_TCP_WARM, BenchMode.SOAP_NEW_CONN, BenchMode.GRPC_BIDI, BenchMode.GRPC_UNARY,
                        BenchMode.REST_JSON), List.of(3), List.of(2), 1);
        List<CellResult> results = new SessionBench(List.of(grid), 1, null).run((done, total, r) -> { });

        for (CellResult r : results) {
            assertTrue(r.isClean(), r.cell() + " ended on " + r.endedOn() + " with " + r.wrongAnswers() + " wrong");
            assertTrue(r.payloadBytes() > 2 * 3 * 13 && r.bytesDown() > r.payloadBytes() / 2, r.toString());
        }
    }

    @Test
    void aPoiRecordWithOneFieldChangedIsAWrongAnswer() {
        PointOfInterest[] records = new PointsOfInterest().list(3);
        Object expected = SessionWorkload.POI.expectedAnswer(3);
        assertEquals(expected, SessionWorkload.POI.answerOfReturned(records));

        records[2].setFax(records[2].getFax() + "0");
        assertNotEquals(expected, SessionWorkload.POI.answerOfReturned(records));
    }

    private static CellResult result(List<CellResult> results, BenchMode mode) {
        return results.stream().filter(r -> r.cell().mode() == mode).findFirst().orElseThrow();
    }
}
