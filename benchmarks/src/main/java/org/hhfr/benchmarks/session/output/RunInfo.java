package org.hhfr.benchmarks.session.output;

/**
 * What a reader needs to judge a run: the command, when it ran, how long it took, the machine (processors,
 * load average before and after) and the JVM.
 */
public record RunInfo(String command, String startedUtc, double durationSeconds, int processors,
        double loadBefore, double loadAfter, String java, boolean quick) {
}
