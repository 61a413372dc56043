package org.hhfr.benchmarks.link;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A packet-delivery trace in Mahimahi's format, as {@code hhfr-link} replays it: one line per delivery opportunity,
 * each the time in milliseconds from the start of the trace at which one packet of up to {@value #OPPORTUNITY_BYTES}
 * bytes may leave the bottleneck; equal lines are several opportunities in that millisecond. The trace repeats:
 * its period is its last time (link-emulator's {@code link.Trace}, read the same way).
 */
public final class DeliveryTrace {
    /** What one delivery opportunity lets leave: one full-size packet. */
    public static final int OPPORTUNITY_BYTES = 1500;
    /** Bounds the memory a trace may take (4 bytes a line), as the emulator bounds it. */
    private static final int MAX_LINES = 10_000_000;
    private static final String BUNDLED = "/org/hhfr/benchmarks/link/traces/";

    private final String name;
    private final int[] millis;
    private final long period;

    private DeliveryTrace(String name, int[] millis) {
        this.name = name;
        this.millis = millis;
        this.period = millis[millis.length - 1];
    }

    /**
     * Reads a trace; {@code name} is used in errors.
     *
     * @throws IllegalArgumentException a line that is not a time in milliseconds, a time before the line above it,
     *         more than ten million lines, or no line with a time above 0
     */
    public static DeliveryTrace parse(String name, InputStream in) throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
        int[] times = new int[1024];
        int count = 0;
        int number = 0;
        for (String line; (line = lines.readLine()) != null; ) {
            number++;
            String text = line.trim();
            if (text.isEmpty()) {
                continue;
            }
            int ms;
            try {
                ms = Integer.parseInt(text);
            } catch (NumberFormatException e) {
                ms = -1;
            }
            if (ms < 0) {
                throw new IllegalArgumentException("trace " + name + " line " + number + ": '" + shorten(text)
                        + "' is not a time in milliseconds");
            }
            if (count > 0 && ms < times[count - 1]) {
                throw new IllegalArgumentException("trace " + name + " line " + number + ": " + ms
                        + " ms is before the line above it");
            }
            if (count == MAX_LINES) {
                throw new IllegalArgumentException("trace " + name + ": more than " + MAX_LINES + " lines");
            }
            if (count == times.length) {
                times = Arrays.copyOf(times, Math.min(MAX_LINES, times.length * 2));
            }
            times[count++] = ms;
        }
        if (count == 0 || times[count - 1] == 0) {
            throw new IllegalArgumentException("trace " + name + ": needs at least one line and a last time above 0 ms");
        }
        return new DeliveryTrace(name, Arrays.copyOf(times, count));
    }

    /**
     * A trace bundled with {@code hhfr-link} (link-emulator/traces, on this module's class path), such as
     * {@code TMobile-UMTS-driving.down}.
     *
     * @throws IllegalArgumentException no bundled trace has this name
     */
    public static DeliveryTrace bundled(String file) {
        try (InputStream in = DeliveryTrace.class.getResourceAsStream(BUNDLED + file)) {
            if (in == null) {
                throw new IllegalArgumentException("no bundled trace " + file + " (link-emulator/traces)");
            }
            return parse(file, in);
        } catch (IOException e) {
            throw new UncheckedIOException("bundled trace " + file + " unreadable: " + e.getMessage(), e);
        }
    }

    public String name() {
        return name;
    }

    /** The trace's capacity averaged over one period. */
    public double meanBitsPerSecond() {
        return millis.length * OPPORTUNITY_BYTES * 8 * 1000.0 / period;
    }

    /**
     * The earliest time, in milliseconds from the start of the trace, at which {@code bytes} that are ready to leave
     * at {@code readyMillis} have left: the time of the last of the {@code ceil(bytes / 1500)} opportunities that
     * come at or after {@code readyMillis}, the trace repeating; {@code readyMillis} itself for no bytes. Bytes are
     * counted as a stream that fills every opportunity, which no real sequence of packets beats.
     */
    public double deliveredMillis(double readyMillis, long bytes) {
        if (bytes < 0 || readyMillis < 0) {
            throw new IllegalArgumentException("bytes and time must not be negative");
        }
        if (bytes == 0) {
            return readyMillis;
        }
        long opportunities = (bytes + OPPORTUNITY_BYTES - 1) / OPPORTUNITY_BYTES;
        return opportunity(firstAtOrAfter(readyMillis) + opportunities - 1);
    }

    /** The time of opportunity {@code k}, counted over the repetitions. */
    private long opportunity(long k) {
        return k / millis.length * period + millis[(int) (k % millis.length)];
    }

    /** The index of the first opportunity at or after {@code at}. */
    private long firstAtOrAfter(double at) {
        long cycle = (long) Math.floor(at / period);
        double offset = at - cycle * period;
        if (cycle > 0 && offset == 0) {
            // The previous repetition's last lines are at this very time (its period): they come first.
            cycle--;
            offset = period;
        }
        int i = Arrays.binarySearch(millis, (int) Math.ceil(offset));
        if (i < 0) {
            i = -i - 1;
        }
        while (i > 0 && millis[i - 1] >= offset) {
            i--; // binarySearch finds any of equal lines: take the first
        }
        return cycle * millis.length + i;
    }

    private static String shorten(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "..." : text;
    }
}
