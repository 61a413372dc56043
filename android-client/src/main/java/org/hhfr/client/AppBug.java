package org.hhfr.client;

/**
 * What the app's own code threw in a callback the library makes (an {@link EventListener} method, an
 * {@link Interceptor#onEnd}): it disturbs no call but goes to the thread's uncaught exception handler (on Android,
 * the app's crash handler), as any bug of the app.
 */
final class AppBug {
    private AppBug() {
    }

    /** {@code later}, or {@code first} when there is one already, which then carries {@code later} as suppressed. */
    static Error first(Error first, Error later) {
        if (first == null) {
            return later;
        }
        if (first != later) {
            first.addSuppressed(later);
        }
        return first;
    }

    static void report(Throwable error) {
        Thread thread = Thread.currentThread();
        thread.getUncaughtExceptionHandler().uncaughtException(thread, error);
    }
}
