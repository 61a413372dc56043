package org.hhfr.cli;

/**
 * How a session's messages went: the most calls awaiting their answers at once (1: one after another) and the
 * median and 90th percentile of their latencies (from each call to its answer), in milliseconds.
 */
record CallTimes(int inFlight, double medianMillis, double p90Millis) {
}
