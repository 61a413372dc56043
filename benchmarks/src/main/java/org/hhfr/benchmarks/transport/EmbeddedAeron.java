package org.hhfr.benchmarks.transport;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;

/**
 * One process's Aeron: an embedded media driver in its own directory, all its agents on one thread (SHARED:
 * on two cores, Aeron's default of three spinning driver threads per process would starve everything else),
 * and a client connected to it.
 */
final class EmbeddedAeron implements AutoCloseable {
    static final int STREAM_ID = 1001;

    private final MediaDriver driver;
    private final Aeron aeron;

    EmbeddedAeron() {
        driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
                .threadingMode(ThreadingMode.SHARED)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()));
    }

    static String channel(String host, int port) {
        return "aeron:udp?endpoint=" + host + ":" + port;
    }

    Aeron aeron() {
        return aeron;
    }

    @Override
    public void close() {
        aeron.close();
        driver.close();
    }
}
