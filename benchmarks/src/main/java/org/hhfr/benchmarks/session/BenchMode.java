package org.hhfr.benchmarks.session;

import java.util.ArrayList;
import java.util.List;

/** One way of running a session, as named in the results. */
public enum BenchMode {
    /** First contact over a TCP stream: the first call carries the offer over SOAP, the rest stream. */
    HHFR_TCP("hhfr-tcp"),
    /** A returning client: the stream opens from a resumption ticket, with no SOAP request at all. */
    HHFR_TCP_WARM("hhfr-tcp-warm"),
    HHFR_UDP("hhfr-udp"),
    HHFR_UDP_WARM("hhfr-udp-warm"),
    /** Plain SOAP as the paper measured it: a new HTTP connection for every call. */
    SOAP_NEW_CONN("soap-new-conn"),
    /** Plain SOAP through the client library's HttpURLConnection, which keeps the connection alive. */
    SOAP_KEEPALIVE("soap-keepalive");

    private final String label;

    BenchMode(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public boolean isWarm() {
        return this == HHFR_TCP_WARM || this == HHFR_UDP_WARM;
    }

    /** @throws IllegalArgumentException a name that is no mode */
    public static BenchMode named(String label) {
        for (BenchMode mode : values()) {
            if (mode.label.equals(label)) {
                return mode;
            }
        }
        List<String> known = new ArrayList<>();
        for (BenchMode mode : values()) {
            known.add(mode.label);
        }
        throw new IllegalArgumentException("no mode '" + label + "' (known: " + String.join(", ", known) + ")");
    }
}
