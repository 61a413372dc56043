package org.hhfr.benchmarks.session.output;

/**
 * What a reader needs to judge a run: the command, when it ran, how long it took, the machine (processors,
 * load average before and after), the JVM, what shaped the network paths ({@code links}: {@code relay} for the
 * bench's own relays, {@code toxiproxy}, or an emulator's name) and how many cells had a wrong answer or ended
 * on another transport than their mode asked for.
 */
public record RunInfo(String command, String startedUtc, double durationSeconds, int processors,
        double loadBefore, double loadAfter, String java, boolean quick, String links, long uncleanCells) {
}
