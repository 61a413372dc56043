package org.hhfr.benchmarks.session.output;

import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.hhfr.benchmarks.session.BenchMode;

/**
 * The figures of one cell as the report reads them: a row of {@code sessions.json} ({@link ResultRow}), typed.
 * The report is rendered from these rows only, so a run and a later {@code --report-only} of its
 * {@code sessions.json} give the same page. Any profile name is accepted; a {@code -loss1} or {@code -loss3}
 * suffix gives its loss rate. Bytes on the wire (whole IP packets, counted by an emulated link) are optional,
 * as a run over the relays has none.
 */
record CellFigures(String workload, String profile, BenchMode mode, int arraySize, int messages,
        double sessionMillis, long bytesUp, long bytesDown, long payloadBytes, double lowerBoundMillis,
        OptionalLong wireBytes, OptionalLong wirePackets) {
    static final String WIRE_BYTES_UP = "wire_bytes_up";
    static final String WIRE_BYTES_DOWN = "wire_bytes_down";
    static final String WIRE_PACKETS_UP = "wire_packets_up";
    static final String WIRE_PACKETS_DOWN = "wire_packets_down";
    private static final Pattern LOSS = Pattern.compile("^(.*)-loss(\\d+)$");

    /** @throws IllegalArgumentException a row without one of the fields every run writes, or an unknown mode */
    static CellFigures of(Map<String, ?> row) {
        return new CellFigures(text(row, "workload"), text(row, "profile"), BenchMode.named(text(row, "mode")),
                (int) whole(row, "array_size"), (int) whole(row, "messages"), number(row, "session_ms"),
                whole(row, "bytes_up"), whole(row, "bytes_down"), whole(row, "payload_bytes"),
                number(row, "lower_bound_ms"), sum(row, WIRE_BYTES_UP, WIRE_BYTES_DOWN),
                sum(row, WIRE_PACKETS_UP, WIRE_PACKETS_DOWN));
    }

    /** The profile without its loss suffix: {@code 3g} for {@code 3g-loss3}. */
    String baseProfile() {
        Matcher loss = LOSS.matcher(profile);
        return loss.matches() ? loss.group(1) : profile;
    }

    /** The loss rate of the profile in percent, from its name (0 without a {@code -lossN} suffix). */
    int lossPercent() {
        Matcher loss = LOSS.matcher(profile);
        return loss.matches() ? Integer.parseInt(loss.group(2)) : 0;
    }

    double millisPerMessage() {
        return sessionMillis / messages;
    }

    /** Bytes on the wire per message, both ways: the IP packets if the run counted them, else the relays' bytes. */
    double bytesPerMessage() {
        return (double) wireBytes.orElse(bytesUp + bytesDown) / messages;
    }

    /** Same workload, profile, array size and message count. */
    boolean samePointAs(CellFigures other) {
        return workload.equals(other.workload) && profile.equals(other.profile) && arraySize == other.arraySize
                && messages == other.messages;
    }

    /** "float-sum x=100 n=10 on 3g" */
    String point() {
        return workload + " x=" + arraySize + " n=" + messages + " on " + profile;
    }

    private static String text(Map<String, ?> row, String field) {
        Object value = row.get(field);
        if (value == null) {
            throw new IllegalArgumentException("a row of sessions.json has no " + field + ": " + row);
        }
        return value.toString();
    }

    private static double number(Map<String, ?> row, String field) {
        Object value = row.get(field);
        if (!(value instanceof Number number)) {
            throw new IllegalArgumentException("a row of sessions.json has no number " + field + ": " + row);
        }
        return number.doubleValue();
    }

    private static long whole(Map<String, ?> row, String field) {
        return Math.round(number(row, field));
    }

    private static OptionalLong sum(Map<String, ?> row, String up, String down) {
        return row.get(up) instanceof Number u && row.get(down) instanceof Number d
                ? OptionalLong.of(Math.round(u.doubleValue() + d.doubleValue())) : OptionalLong.empty();
    }
}
