package org.hhfr.axis;

import java.util.function.Supplier;

/**
 * A POJO service that reads Axis2's current message context only through a helper class of its own, reached by
 * a method reference: its class file names neither Axis2 nor its contexts.
 */
public class HelperContextReader {
    private static final Supplier<String> CALLER = CallerDescription::current;

    public String where(String prefix) {
        return prefix + CALLER.get();
    }
}
