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

    SessionReport(ServiceAddress address, CallMode requestedMode, String mode, int messages, double elapsedMillis,
            Long bytesUp, Long bytesDown, String bytesSource, Object result) {
        this.address = address;
        this.requestedMode = requestedMode;
        this.mode = mode;
        this.messages = messages;
        this.elapsedMillis = elapsedMillis;
        this.bytesUp = bytesUp;
        this.bytesDown = bytesDown;
        this.bytesSource = bytesSource;
        this.result = result;
    }

    /** One JSON object with the fields {@code call --json} and {@code demo --json} promise. */
    ObjectNode json() {
        ObjectNode json = JsonOutput.NODES.objectNode();
        json.put("service", address.service());
        json.put("operation", address.operation());
        json.put("requested_mode", requestedMode.option());
        json.put("mode", mode);
        json.put("messages", messages);
        json.set("elapsed_ms", ResultValue.json(Math.round(elapsedMillis * 10) / 10.0));
        json.put("bytes_up", bytesUp);
        json.put("bytes_down", bytesDown);
        json.put("bytes_source", bytesSource);
        json.set("result", ResultValue.json(result));
        return json;
    }

    /** E.g. {@code FloatSum.sum over hhfr-tcp: 3.75 (10 messages in 12.3 ms; 1234 bytes up, 987 down)}. */
    String summary() {
        return address + " over " + mode + ": " + ResultValue.text(result) + " (" + messages
                + (messages == 1 ? " message" : " messages") + " in " + String.format(Locale.ROOT, "%.1f",
                elapsedMillis) + " ms; " + bytes(bytesUp) + " bytes up, " + bytes(bytesDown) + " down, counted by "
                + bytesSource + ")";
    }

    static String bytes(Long count) {
        return count == null ? "?" : count.toString();
    }
}
