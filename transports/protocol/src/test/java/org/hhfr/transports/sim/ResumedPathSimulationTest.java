package org.hhfr.transports.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hhfr.transports.Role;
import org.hhfr.transports.reliability.CongestionControl;
import org.hhfr.transports.reliability.PathEstimate;
import org.junit.jupiter.api.Test;

/**
 * A returning sender starts a stream from what its earlier stream learned of the path (the bandwidth and round
 * trip, {@code ReliabilityEngine.resumePath}): the client for 20 requests of 10 KB, the server for 20 answers of
 * 20 KB, timed until the last response arrives.
 */
class ResumedPathSimulationTest {
    private static final long MS = LinkProfile.millis(1);
    private static final int REQUESTS = 20;
    private static final int REQUEST_SIZE = 10_000;
    private static final long LTE_UP = 5_000_000;
    private static final long LTE_DOWN = 12_000_000;

    /**
     * 5 Mbit/s up, 50 ms: 200 KB take the uplink 320 ms, and from the initial window slow start spends round trips
     * reaching its 31 KB bandwidth-delay product (about 423 ms in all; resumed, about 378).
     */
    @Test
    void onAnLteUplinkAResumedUploadEndsWithinFivePercentOfTheLinksBoundAndSooner() {
        UploadSession first = lte(null);
        PathEstimate learned = first.client.engine.pathEstimate();
        assertNotNull(learned);
        UploadSession returning = lte(learned);

        assertWithinFivePercentOfTheBoundAndSooner(first, returning, Role.CLIENT, LTE_UP, 0.92);
        assertEquals(0, returning.uplink.dropped());
    }

    @Test
    void onAThreeGUplinkWhoseWindowTheInitialOneAlreadyFillsResumingChangesLittle() {
        UploadSession first = threeG(null);
        UploadSession returning = threeG(first.client.engine.pathEstimate());

        assertTrue(returning.uploadTime() <= 1.02 * first.uploadTime(), returning.uploadTime() / MS + " ms against "
                + first.uploadTime() / MS);
    }

    /**
     * The estimate of a far faster path (the device moved from an LTE cell to 3G without the client noticing): the
     * larger first window fills the 3G uplink's queue, the model then takes over. With the 64 KB queue here the
     * session costs little more than from the initial window and resends little (a shallow queue would drop
     * part of that window).
     */
    @Test
    void anEstimateOfAFasterPathOnASlowUplinkCostsLittleAndResendsLittle() {
        UploadSession fresh = threeG(null);
        UploadSession misled = threeG(PathEstimate.of(5_000_000 / 8, 50 * MS));

        assertTrue(misled.uploadTime() <= 1.1 * fresh.uploadTime(), misled.uploadTime() / MS + " ms against "
                + fresh.uploadTime() / MS);
        assertTrue(misled.upstreamBytesPerPayloadByte() < 1.12, misled.upstreamBytesPerPayloadByte()
                + " bytes sent per payload byte");
        List<Long> sent = misled.network.sendTimes(Role.CLIENT);
        long burst = sent.stream().filter(t -> t <= sent.get(0) + 5 * MS).count();
        assertTrue(burst <= 13, burst + " datagrams in the first 5 ms: beyond the initial window the resumed one is"
                + " paced");
    }

    /**
     * A returning client's downloads, the server resuming: 20 requests answered with 20 KB each over LTE (12 Mbit/s
     * down, 50 ms), 400 KB that take the downlink 267 ms; from the initial window the server's slow start spends
     * round trips reaching the downlink's 75 KB bandwidth-delay product (about 432 ms in all; resumed, about 326).
     */
    @Test
    void onAnLteDownlinkAServerThatResumesAnswersAReturningClientSooner() {
        UploadSession first = lteDownload(null);
        PathEstimate learned = first.server.engine.pathEstimate();
        assertNotNull(learned);
        UploadSession returning = lteDownload(learned);

        assertWithinFivePercentOfTheBoundAndSooner(first, returning, Role.SERVER, LTE_DOWN, 0.85);
    }

    /**
     * The resumed session ends within 5 % of when {@code sender}'s link (50 ms round trip, {@code bitsPerSecond})
     * carried what it sent, and in at most {@code sooner} of the time the session from the initial window took.
     */
    private static void assertWithinFivePercentOfTheBoundAndSooner(UploadSession first, UploadSession returning,
                                                                   Role sender, long bitsPerSecond, double sooner) {
        long bound = returning.network.bytesSent(sender) * 1_000_000_000L / (bitsPerSecond / 8) + 50 * MS;
        assertTrue(returning.uploadTime() <= 1.05 * bound, "resumed " + returning.uploadTime() / MS + " ms, bound "
                + bound / MS + " ms");
        assertTrue(returning.uploadTime() <= sooner * first.uploadTime(), "resumed " + returning.uploadTime() / MS
                + " ms, from the initial window " + first.uploadTime() / MS + " ms");
    }

    private static UploadSession lteDownload(PathEstimate resumed) {
        return run(100, 20_000, Role.SERVER, resumed, 25 * MS, LTE_UP, LTE_DOWN, 128 << 10);
    }

    private static UploadSession lte(PathEstimate resumed) {
        return run(REQUEST_SIZE, 8, Role.CLIENT, resumed, 25 * MS, LTE_UP, LTE_DOWN, 128 << 10);
    }

    private static UploadSession threeG(PathEstimate resumed) {
        return run(REQUEST_SIZE, 8, Role.CLIENT, resumed, 75 * MS, 384_000, 1_000_000, 64 << 10);
    }

    /** 20 requests of {@code requestSize} answered with {@code responseSize}, {@code resuming} from {@code resumed}. */
    private static UploadSession run(int requestSize, int responseSize, Role resuming, PathEstimate resumed,
                                     long oneWay, long up, long down, long queue) {
        LinkProfile path = new LinkProfile(0, 0, 0, oneWay, 0, 0, 0, 0);
        UploadSession session = new UploadSession(1, path, REQUESTS, requestSize, responseSize,
                CongestionControlSimulationTest.with(CongestionControl.BBR));
        session.uplink = new Bottleneck(up / 8, queue);
        session.network.limit(Role.CLIENT, session.uplink).limit(Role.SERVER, new Bottleneck(down / 8, queue));
        if (resumed != null) {
            (resuming == Role.CLIENT ? session.client : session.server).engine.resumePath(resumed);
        }
        assertEquals(List.of(), session.run());
        return session;
    }
}
