package org.hhfr.client;

/**
 * What the app's own code threw in a callback the library makes (an {@link EventListener} method, an
 * {@link Interceptor#onEnd}): it disturbs no call but goes to the thread's uncaught exception handler (on Android,
 * the app's crash handler), as any bug of the app.
 */
final class AppBug {
    private AppBug() {
    }

    static void report(Throwable error) {
        Thread thread = Thread.currentThread();
        thread.getUncaughtExceptionHandler().uncaughtException(thread, error);
    }
}
