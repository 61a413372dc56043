package org.hhfr.transports.netty;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which unexpected dispatch errors have had their stack trace logged on this server: one trace per kind of error
 * (the class of its root cause and the place that was thrown), so that a service failing the same way on every call (a POJO checking
 * its input with an unchecked exception, say) leaves one trace in the log, and one line per later call. Thread-safe;
 * it remembers at most {@value #MAX_KINDS} kinds, then starts again.
 */
final class ErrorTraces {
    static final int MAX_KINDS = 1_024;
    /** Causes followed to the root, at most: a chain of causes may loop. */
    private static final int MAX_CAUSES = 32;
    private final Set<String> logged = ConcurrentHashMap.newKeySet();

    /** Whether {@code error} is the first of its kind here; from now on it is not. */
    boolean firstOfItsKind(Throwable error) {
        Throwable root = error;
        for (int depth = 0; depth < MAX_CAUSES && root.getCause() != null && root.getCause() != root; depth++) {
            root = root.getCause();
        }
        StackTraceElement[] trace = root.getStackTrace();
        String kind = trace.length == 0 ? root.getClass().getName() : root.getClass().getName() + " at " + trace[0];
        if (logged.size() >= MAX_KINDS) {
            logged.clear();
        }
        return logged.add(kind);
    }
}
