package org.hhfr.benchmarks.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.hhfr.benchmarks.session.SessionWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small capacity run, for real: a server JVM, sessions negotiated over SOAP and streamed over TCP, every
 * call answered rightly and measured.
 */
@Timeout(120)
class CapacityRunTest {
    @TempDir
    Path out;

    @Test
    void aSmallRunAnswersEveryCallAndReadsTheServersHeapThreadsAndCpu() throws Exception {
        CapacityOptions options = new CapacityOptions(10, 4, 100, 0, 2, 3, 1,
                List.of(SessionWorkload.FLOAT_SUM, SessionWorkload.STRING_CONCAT), List.of("-Xmx256m"), List.of(),
                false);
        StringWriter progress = new StringWriter();

        CapacityResult result = new CapacityRun(options, out, new PrintWriter(progress)).run("memory", "tcp");

        assertEquals(0, result.wrong(), () -> result.problem() + "\n" + progress);
        assertNull(result.problem());
        assertEquals(10, result.sessions());
        // 10 sessions, one call each per 100 ms, for 2 s: about 200 calls; a loaded machine may do fewer.
        assertTrue(result.answered() >= 50, () -> result.answered() + " calls answered\n" + progress);
        assertTrue(result.heapIdle() > result.heapBaseline(), "the open sessions take heap");
        assertTrue(result.p50Millis() > 0 && result.p50Millis() <= result.p99Millis());
        assertTrue(result.serverCpuNanos() > 0);
        assertTrue(result.threadsIdle() > 0 && result.threadsActive() > 0);
        assertTrue(Files.readString(out.resolve("histogram-memory-tcp-idle.txt")).contains("ServerSession"),
                "the idle histogram shows the server's sessions");
    }
}
