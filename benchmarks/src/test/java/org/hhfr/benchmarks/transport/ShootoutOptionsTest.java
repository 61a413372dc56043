package org.hhfr.benchmarks.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ShootoutOptionsTest {
    @Test
    void durationsAndContendersAreReadFromTheCommandLine() {
        ShootoutOptions options = ShootoutOptions.parse(new String[] {
            "--warmup", "40s", "--measure", "500ms", "--window", "64", "--only", "netty,hhfr-udp-loss5"});
        assertEquals(40_000, options.warmupMillis);
        assertEquals(500, options.measureMillis);
        assertEquals(64, options.window);
        assertEquals(Arrays.asList(Contender.NETTY, Contender.HHFR_UDP_LOSS5), options.contenders);
        assertEquals(120_000, ShootoutOptions.millis("2m"));
    }

    @Test
    void unknownOptionsContendersAndDurationsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> ShootoutOptions.parse(new String[] {"--fast", "1"}));
        assertThrows(IllegalArgumentException.class, () -> ShootoutOptions.parse(new String[] {"--only", "quic"}));
        assertThrows(IllegalArgumentException.class, () -> ShootoutOptions.parse(new String[] {"--warmup", "40"}));
        assertThrows(IllegalArgumentException.class, () -> ShootoutOptions.parse(new String[] {"--window"}));
    }
}
