package org.hhfr.axis.server;

/**
 * Quiet console defaults for slf4j-simple, applied by the command-line entry points before the first logger
 * exists: warnings and errors only (and the INFO line naming each operation that cannot stream), on
 * standard error, minus a harmless Axis2 message. Any {@code org.slf4j.simpleLogger.*} system property set
 * by the user wins.
 */
public final class ConsoleLogging {
    private static final String PREFIX = "org.slf4j.simpleLogger.";

    private ConsoleLogging() {
    }

    public static void quiet() {
        setIfAbsent("defaultLogLevel", "warn");
        setIfAbsent("logFile", "System.err");
        setIfAbsent("showDateTime", "true");
        setIfAbsent("dateTimeFormat", "HH:mm:ss.SSS");
        // axis2_default.xml names a JAX-WS builder extension that is not on the class path
        setIfAbsent("log.org.apache.axis2.deployment.AxisConfigBuilder", "error");
        // one line per operation that stays on plain SOAP, and why
        setIfAbsent("log.org.hhfr.axis.module.AxisSchemaSource", "info");
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(PREFIX + key) == null) {
            System.setProperty(PREFIX + key, value);
        }
    }
}
