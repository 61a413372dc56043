package org.hhfr.transports.sim;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A packet-delivery trace in Mahimahi's format, as {@code hhfr-link} replays it: one line per delivery opportunity,
 * the time in milliseconds from the start of the trace at which {@value #OPPORTUNITY_BYTES} bytes may leave the
 * bottleneck (equal lines: several in that millisecond), repeating after its last time. The traces are
 * link-emulator's, copied onto the test class path by the build.
 */
final class DeliveryTrace {
    /** What one delivery opportunity lets leave: one full-size IP packet. */
    static final int OPPORTUNITY_BYTES = 1500;

    private final long[] times;
    private final long period;

    private DeliveryTrace(long[] times, long period) {
        this.times = times;
        this.period = period;
    }

    /** A trace of link-emulator/traces, such as {@code TMobile-UMTS-driving.up}. */
    static DeliveryTrace bundled(String file) {
        try (InputStream in = DeliveryTrace.class.getResourceAsStream("/traces/" + file)) {
            if (in == null) {
                throw new IllegalArgumentException("no trace " + file + " on the class path");
            }
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            long[] times = new long[1024];
            int count = 0;
            for (String line; (line = lines.readLine()) != null; ) {
                if (!line.isBlank()) {
                    if (count == times.length) {
                        times = Arrays.copyOf(times, 2 * count);
                    }
                    times[count++] = LinkProfile.millis(Long.parseLong(line.trim()));
                }
            }
            return new DeliveryTrace(Arrays.copyOf(times, count), times[count - 1]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The same trace started {@code offset} nanoseconds in (whole milliseconds), wrapping around at its end. */
    DeliveryTrace startingAt(long offset) {
        int first = 0;
        while (first < times.length && times[first] < offset) {
            first++;
        }
        long[] shifted = new long[times.length];
        for (int i = 0; i < times.length; i++) {
            int from = (first + i) % times.length;
            shifted[i] = times[from] - offset + (from < first ? period : 0);
        }
        return new DeliveryTrace(shifted, period);
    }

    /** When opportunity {@code k} (counted over the repetitions) comes, virtual nanoseconds. */
    long opportunity(long k) {
        return k / times.length * period + times[(int) (k % times.length)];
    }

    /** The index of the first opportunity strictly after {@code time}. */
    long firstAfter(long time) {
        long cycle = time / period;
        long offset = time - cycle * period;
        int i = Arrays.binarySearch(times, offset + 1);
        if (i < 0) {
            i = -i - 1;
        } else {
            while (i > 0 && times[i - 1] == offset + 1) {
                i--;
            }
        }
        return cycle * times.length + i;
    }

    /** When the trace's opportunities from its start have let {@code bytes} (above 0) leave. */
    long carriedBy(long bytes) {
        return opportunity((bytes + OPPORTUNITY_BYTES - 1) / OPPORTUNITY_BYTES - 1);
    }

    /** The bytes the trace lets leave from {@code from} (inclusive) to {@code to} (exclusive). */
    long capacityBetween(long from, long to) {
        return (firstAfter(to - 1) - firstAfter(from - 1)) * OPPORTUNITY_BYTES;
    }

    /** The trace's mean capacity over one period, in bytes per second. */
    double meanBytesPerSecond() {
        return times.length * (double) OPPORTUNITY_BYTES * 1e9 / period;
    }
}
