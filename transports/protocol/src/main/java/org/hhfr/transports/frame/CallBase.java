package org.hhfr.transports.frame;

import org.hhfr.transports.auth.SessionKeys;

/**
 * A stream's call base (WIRE-FORMAT 2.1): the point its client's call numbers count from, derived from the
 * stream's keys by both ends, so a request names its call by a small number on the wire.
 *
 * <p>Call numbers lie in 1..2^62. The {@code k}-th call a client first sends on a stream is numbered
 * {@code base + k} (modulo 2^62), the number {@code callNumberOf(k)}; a request carries its call number as the
 * correlation {@code call number - base} (modulo 2^62, in 1..2^62), which DATA codes as a difference from the
 * request's own message number: one byte while the stream's calls keep pace with its message numbers. A call
 * sent again on a later stream keeps its number, so there it costs up to nine bytes. Streams of one session have
 * different bases (their epochs differ), and a 62-bit base drawn from the stream's keys keeps the numbers of
 * two streams apart: a server that recorded a call's reply never mistakes another stream's new call for it.
 */
public final class CallBase {
    /** Call numbers and correlations of requests count modulo 2^62. */
    private static final long MASK = (1L << 62) - 1;

    private final long base;

    private CallBase(long base) {
        this.base = base & MASK;
    }

    /** The base of the stream whose keys are {@code keys}: 62 bits of {@code K(hhfr/1 call base)}. */
    public static CallBase of(SessionKeys keys) {
        return new CallBase(keys.callBase());
    }

    /** The correlation a request carries for call number {@code callNumber}; 0 (no correlation) for 0. */
    public long correlationOf(long callNumber) {
        return callNumber == 0 ? 0 : ((callNumber - base - 1) & MASK) + 1;
    }

    /**
     * The call number a request's {@code correlation} names; 0 for a request without one. The {@code k}-th call
     * first sent on the stream is numbered {@code callNumberOf(k)}.
     */
    public long callNumberOf(long correlation) {
        return correlation == 0 ? 0 : ((base + correlation - 1) & MASK) + 1;
    }
}
