package org.hhfr.benchmarks.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.hhfr.benchmarks.link.EmulatedLink;
import org.hhfr.benchmarks.link.EmulatorBinary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sessions of the bench across {@code hhfr-link}'s 3g profile: the servers in this JVM on the wildcard address, the
 * client in a JVM of its own behind the link (HHFR over TCP and UDP, and gRPC-java's bidirectional stream; float-sum
 * cells (1, 1) and (100, 10), two sessions each). Every answer must be right, every session must end on its mode's
 * transport and take no less than the link's lower bound (each of these modes sets up a TCP connection first, so
 * two round trips plus the payload at the link's rates: a session faster than that did not cross the link), make
 * its own TCP connections, and its bytes must be whole IP packets counted at the link. Skipped, with the
 * reason, where this machine cannot run the emulator.
 */
class EmulatedBenchTest {
    private static final int REPEATS = 2;
    private static final List<BenchMode> MODES = List.of(BenchMode.HHFR_TCP, BenchMode.HHFR_UDP, BenchMode.GRPC_BIDI);
    /** The smallest IPv4 header; TCP's and UDP's come on top. */
    private static final int IP_HEADER_BYTES = 20;

    private static EmulatedLink link;

    @BeforeAll
    static void findEmulator() throws Exception {
        link = EmulatorBinary.availableOrSkip();
    }

    @Test
    void everySessionAcross3gAnswersRightEndsAsAskedAndTakesAtLeastTheLinksLowerBound(@TempDir Path dir)
            throws Exception {
        Path log = dir.resolve("client.log");
        List<BenchGrid> grids = List.of(grid(1, 1), grid(100, 10));

        List<CellResult> results = new SessionBench(grids, EmulatedSessions.across(link, 1, log, null))
                .run((done, total, result) -> System.out.println(done + "/" + total + " " + result.cell() + " "
                        + Math.round(result.minMillis()) + "-" + Math.round(result.maxMillis()) + " ms (bound "
                        + Math.round(result.lowerBoundMillis()) + "), " + result.bytesUp() + "/" + result.bytesDown()
                        + " bytes in " + result.packetsUp() + "/" + result.packetsDown() + " packets"));

        assertEquals(2 * MODES.size(), results.size());
        for (CellResult result : results) {
            String cell = result.cell() + " (client log: " + Files.readString(log) + ")";
            assertEquals(REPEATS, result.repeats(), cell);
            assertEquals(0, result.wrongAnswers(), cell);
            assertTrue(result.isClean(), cell + " ended on " + result.endedOn());
            assertTrue(result.minMillis() >= result.lowerBoundMillis(),
                    cell + ": " + result.minMillis() + " ms, under the link's bound of " + result.lowerBoundMillis());
            assertTrue(result.countsWholePackets(), cell);
            assertTrue(result.packetsUp() > 0 && result.packetsDown() > 0, cell);
            assertTrue(result.bytesUp() >= result.payloadBytesUp() + IP_HEADER_BYTES * result.packetsUp(),
                    cell + ": " + result.bytesUp() + " bytes up in " + result.packetsUp() + " packets");
            assertTrue(result.bytesDown() >= result.payloadBytesDown() + IP_HEADER_BYTES * result.packetsDown(),
                    cell + ": " + result.bytesDown() + " bytes down in " + result.packetsDown() + " packets");
            if (result.cell().messages() > 1) {
                // Each session connects afresh (no kept-alive HTTP connection of an earlier session is reused):
                // HTTP for the offer and the TCP stream; HTTP only beside the UDP stream; gRPC's one connection.
                int expected = result.cell().mode() == BenchMode.HHFR_TCP ? 2 : 1;
                assertEquals(expected, result.connections(), cell + ": TCP connections");
            }
        }
    }

    /**
     * A cell across umts-trace, whose uplink trace has its first delivery opportunity 637 ms in: each session meets
     * the traces from their start (the client asks the link to restart them at the next packet once it is quiet
     * before a session), so none can beat the bound reckoned on the traces' opportunities from their start, which
     * that first opportunity dominates. Were the traces left running, or restarted by a packet before the session's
     * first, a session would start wherever they are and mostly take far less.
     */
    @Test
    void sessionsAcrossTheUmtsTraceMeetItFromItsStartAndTakeAtLeastItsLowerBound(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("client.log");
        NetworkProfile umts = NetworkProfile.emulatedNamed("umts-trace");
        List<BenchMode> modes = List.of(BenchMode.HHFR_UDP_WARM_PIPELINED, BenchMode.GRPC_BIDI);
        BenchGrid grid = new BenchGrid(List.of(SessionWorkload.FLOAT_SUM), List.of(umts), modes, List.of(1),
                List.of(1), REPEATS);

        List<CellResult> results = new SessionBench(List.of(grid), EmulatedSessions.across(link, 1, log, null))
                .run((done, total, result) -> System.out.println(done + "/" + total + " " + result.cell() + " "
                        + Math.round(result.minMillis()) + "-" + Math.round(result.maxMillis()) + " ms (bound "
                        + Math.round(result.lowerBoundMillis()) + ")"));

        assertEquals(modes.size(), results.size());
        for (CellResult result : results) {
            String cell = result.cell() + " (client log: " + Files.readString(log) + ")";
            assertEquals(0, result.wrongAnswers(), cell);
            assertTrue(result.isClean(), cell + " ended on " + result.endedOn());
            assertTrue(result.lowerBoundMillis() > 637 + umts.rttMillis() / 2, cell + ": bound "
                    + result.lowerBoundMillis() + " ms does not wait for the trace's first uplink opportunity");
            assertTrue(result.minMillis() >= result.lowerBoundMillis(), cell + ": " + result.minMillis()
                    + " ms, under the trace's bound of " + result.lowerBoundMillis());
        }
    }

    private static BenchGrid grid(int arraySize, int messages) {
        return new BenchGrid(List.of(SessionWorkload.FLOAT_SUM), List.of(NetworkProfile.THREE_G), MODES,
                List.of(arraySize), List.of(messages), REPEATS);
    }
}
