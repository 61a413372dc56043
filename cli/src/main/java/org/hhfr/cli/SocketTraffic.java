package org.hhfr.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Counts the TCP bytes a client session reads and writes at the socket level, from the JDK's own
 * {@code jdk.SocketRead} and {@code jdk.SocketWrite} flight-recorder events (every read and write of a
 * {@code java.net.Socket} or {@code SocketChannel}, recorded with no threshold). This sees HTTP headers,
 * SOAP envelopes, negotiation and stream frames alike without touching the client library, which exposes
 * no counters. Only events of the client's threads count: the thread that started the meter and the
 * library's {@code hhfr-call}, {@code hhfr-tcp-*} and {@code hhfr-timer} threads, so a server in the same
 * process is not counted. UDP datagrams produce no such events: see {@link DatagramTraffic}.
 */
final class SocketTraffic {
    static final String SOURCE = "jfr-socket-events";
    private static final Set<String> CLIENT_THREADS = new HashSet<>(Arrays.asList(
            "hhfr-call", "hhfr-tcp-reader", "hhfr-tcp-writer", "hhfr-timer"));

    private final Recording recording;
    private final long callerThreadId;

    private SocketTraffic(Recording recording, long callerThreadId) {
        this.recording = recording;
        this.callerThreadId = callerThreadId;
    }

    /** Starts recording; the calling thread counts as the client's. */
    static SocketTraffic start() {
        Recording recording = new Recording();
        recording.enable("jdk.SocketRead").withThreshold(Duration.ZERO).withoutStackTrace();
        recording.enable("jdk.SocketWrite").withThreshold(Duration.ZERO).withoutStackTrace();
        recording.start();
        return new SocketTraffic(recording, Thread.currentThread().getId());
    }

    /** Stops recording and adds up what the client's threads wrote ({@code up}) and read ({@code down}). */
    ByteCounts stop() throws IOException {
        Path directory = Files.createTempDirectory("hhfr-traffic");
        Path file = directory.resolve("socket-events.jfr");
        try {
            recording.stop();
            recording.dump(file);
            long up = 0;
            long down = 0;
            for (RecordedEvent event : RecordingFile.readAllEvents(file)) {
                if (!isClients(event.getThread())) {
                    continue;
                }
                if (event.hasField("bytesWritten")) {
                    up += event.getLong("bytesWritten");
                } else if (event.hasField("bytesRead")) {
                    down += Math.max(0, event.getLong("bytesRead"));
                }
            }
            return new ByteCounts(up, down);
        } finally {
            recording.close();
            Files.deleteIfExists(file);
            Files.deleteIfExists(directory);
        }
    }

    /** Stops recording and forgets what was recorded. */
    void discard() {
        recording.close();
    }

    private boolean isClients(RecordedThread thread) {
        return thread != null
                && (thread.getJavaThreadId() == callerThreadId || CLIENT_THREADS.contains(thread.getJavaName()));
    }
}
