package org.hhfr.cli;

import java.util.Locale;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What one measured session did: how it travelled, what it answered, how long it took and how many bytes
 * crossed the client's sockets. Byte counts are {@code null} when they could not be counted honestly.
 */
final class SessionReport {
    final ServiceAddress address;
    final CallMode requestedMode;
    final String mode;
    final int messages;
    final double elapsedMillis;
    final Long bytesUp;
    final Long bytesDown;
    final String bytesSource;
    final Object result;
    /** How the messages went: in flight at once, per-message latencies. */
    final CallTimes times;
    /** Why the session fell back to plain SOAP, as the client heard it; {@code null} when it did not. */
    final String fallbackReason;

    SessionReport(ServiceAddress address, CallMode requestedMode, String mode, int messages, double elapsedMillis,
            Long bytesUp, Long bytesDown, String bytesSource, Object result, CallTimes times,
            String fallbackReason) {
        this.address = address;
        this.requestedMode = requestedMode;
        this.mode = mode;
        this.messages = messages;
        this.elapsedMillis = elapsedMillis;
        this.bytesUp = bytesUp;
        this.bytesDown = bytesDown;
        this.bytesSource = bytesSource;
        this.result = result;
        this.times = times;
        this.fallbackReason = fallbackReason;
    }

    /** One JSON object with the fields {@code call --json} and {@code demo --json} promise. */
    ObjectNode json() {
        ObjectNode json = JsonOutput.NODES.objectNode();
        json.put("service", address.service());
        json.put("operation", address.operation());
        json.put("requested_mode", requestedMode.option());
        json.put("mode", mode);
        json.put("messages", messages);
        json.set("elapsed_ms", ResultValue.json(tenths(elapsedMillis)));
        json.put("bytes_up", bytesUp);
        json.put("bytes_down", bytesDown);
        json.put("bytes_source", bytesSource);
        json.put("in_flight", times.inFlight());
        json.set("latency_median_ms", ResultValue.json(tenths(times.medianMillis())));
        json.set("latency_p90_ms", ResultValue.json(tenths(times.p90Millis())));
        json.set("result", ResultValue.json(result));
        json.put("fallback_reason", fallbackReason);
        return json;
    }

    /**
     * E.g. {@code FloatSum.sum over hhfr-tcp: 3.75 (10 messages, up to 10 in flight, in 12.3 ms; per message
     * median 4.1 ms, p90 6.0 ms; 1234 bytes up, 987 down, counted by ...)}.
     */
    String summary() {
        return address + " over " + mode + ": " + ResultValue.text(result) + " (" + messages
                + (messages == 1 ? " message" : " messages") + (times.inFlight() > 1 ? ", up to "
                + times.inFlight() + " in flight," : "") + " in " + millis(elapsedMillis) + " ms; per message median "
                + millis(times.medianMillis()) + " ms, p90 " + millis(times.p90Millis()) + " ms; " + bytes(bytesUp)
                + " bytes up, "
                + bytes(bytesDown) + " down, counted by " + bytesSource + ")";
    }

    private static String millis(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    private static double tenths(double millis) {
        return Math.round(millis * 10) / 10.0;
    }

    static String bytes(Long count) {
        return count == null ? "?" : count.toString();
    }
}
