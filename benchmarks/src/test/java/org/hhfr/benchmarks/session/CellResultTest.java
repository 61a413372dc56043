package org.hhfr.benchmarks.session;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CellResultTest {

    private static CellResult endedOn(BenchMode mode, int messages, String endedOn) {
        Cell cell = new Cell(SessionWorkload.FLOAT_SUM, NetworkProfile.LOOPBACK, mode, 100, messages);
        return new CellResult(cell, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, endedOn, 0);
    }

    @Test
    void aSessionEndingOnItsModesTransportIsClean() {
        assertTrue(endedOn(BenchMode.HHFR_TCP, 10, "hhfr-tcp").isClean());
        assertTrue(endedOn(BenchMode.GRPC_BIDI, 1, "grpc").isClean());
    }

    @Test
    void aColdSingleCallSessionMayEndOnSoapBecauseItsOnlyCallCarriedTheOffer() {
        assertTrue(endedOn(BenchMode.HHFR_TCP, 1, "soap").isClean());
        assertTrue(endedOn(BenchMode.HHFR_UDP, 1, "hhfr-udp/soap").isClean());
        assertTrue(endedOn(BenchMode.HHFR_TCP_PIPELINED, 1, "soap").isClean());
    }

    @Test
    void anHhfrSessionThatFellBackToSoapOtherwiseIsNotClean() {
        assertFalse(endedOn(BenchMode.HHFR_TCP, 2, "soap").isClean());
        assertFalse(endedOn(BenchMode.HHFR_TCP_WARM, 1, "soap").isClean());
        assertFalse(endedOn(BenchMode.HHFR_TCP_WARM_PIPELINED, 1, "soap").isClean());
        assertFalse(endedOn(BenchMode.HHFR_UDP, 10, "hhfr-udp/soap").isClean());
    }

    @Test
    void aWrongAnswerIsNeverClean() {
        Cell cell = new Cell(SessionWorkload.FLOAT_SUM, NetworkProfile.LOOPBACK, BenchMode.SOAP_KEEPALIVE, 1, 1);
        assertFalse(new CellResult(cell, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, "soap", 1).isClean());
    }
}
