package org.hhfr.client;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What reaches the default uncaught exception handler (an app's crash handler, where the client reports the bugs
 * of an app's callbacks) during each test, collected instead; the handler before is put back after the test.
 */
final class UncaughtErrors implements BeforeEachCallback, AfterEachCallback {
    private final List<Throwable> errors = new CopyOnWriteArrayList<>();
    private Thread.UncaughtExceptionHandler before;

    @Override
    public void beforeEach(ExtensionContext context) {
        errors.clear();
        before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, error) -> errors.add(error));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        Thread.setDefaultUncaughtExceptionHandler(before);
    }

    /** What reached it so far, in order. */
    List<Throwable> errors() {
        return errors;
    }
}
