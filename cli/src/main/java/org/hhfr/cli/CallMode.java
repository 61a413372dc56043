package org.hhfr.cli;

import java.util.Locale;

import org.hhfr.client.Mode;

/** The {@code --mode} choices: which roads a session may take, in the client's order of preference. */
enum CallMode {
    AUTO(Mode.HHFR_TCP, Mode.HHFR_UDP, Mode.SOAP),
    SOAP(Mode.SOAP),
    TCP(Mode.HHFR_TCP, Mode.SOAP),
    UDP(Mode.HHFR_UDP, Mode.SOAP);

    private final Mode[] preferred;

    CallMode(Mode... preferred) {
        this.preferred = preferred;
    }

    /** The client's preferred modes; SOAP always comes last, so a refused stream still gets an answer. */
    Mode[] preferredModes() {
        return preferred.clone();
    }

    /** Whether the session asks for a stream at all (and so negotiates when it opens). */
    boolean wantsStream() {
        return this != SOAP;
    }

    /** As given on the command line: {@code auto}, {@code soap}, {@code tcp}, {@code udp}. */
    String option() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The label of the mode this choice asks for first, e.g. {@code hhfr-tcp} for {@code tcp}. */
    String preferredLabel() {
        return label(preferred[0]);
    }

    /** The mode the session ended up in, as printed: {@code soap}, {@code hhfr-tcp}, {@code hhfr-udp}. */
    static String label(Mode mode) {
        return mode.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Parses {@code auto|soap|tcp|udp}, case-insensitively. */
    static CallMode parse(String text) {
        for (CallMode mode : values()) {
            if (mode.name().equalsIgnoreCase(text)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown mode '" + text + "'; use auto, soap, tcp or udp");
    }
}
