package org.hhfr.axis.stream;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Whether a service class reaches into Axis2's contexts ({@code MessageContext.getCurrentMessageContext()}, a
 * {@code Lifecycle}'s {@code ServiceContext}): its class file, one of its nested classes', superclasses' or
 * interfaces' names a class of {@code org.apache.axis2.context}, as a type or as the name a class reached by
 * reflection is looked up by. Only Axis2's engine sets those contexts up, so such a service must take the
 * engine's road; the fast path would hand it none. Read once per class.
 */
final class AxisContextReferences {
    /** As class files name it (their constants are modified UTF-8, read here byte for character). */
    private static final String PACKAGE = "org/apache/axis2/context/";
    /** As a class reaching it by reflection names it. */
    private static final String PACKAGE_BY_NAME = "org.apache.axis2.context.";
    private static final ClassValue<Boolean> IN_CLASS_FILE = new ClassValue<Boolean>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return namesAxisContext(type);
        }
    };

    private AxisContextReferences() {
    }

    /**
     * Whether {@code serviceClass}, a superclass of it or an interface either implements (whose default methods
     * it runs), from outside the platform, refers to an Axis2 context.
     */
    static boolean in(Class<?> serviceClass) {
        for (Class<?> type = serviceClass; type != null && type.getClassLoader() != null; type = type.getSuperclass()) {
            if (inNest(type)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code type}, a class nested with it or an interface it extends or implements refers to one. */
    private static boolean inNest(Class<?> type) {
        for (Class<?> member : type.getNestMembers()) {
            if (IN_CLASS_FILE.get(member)) {
                return true;
            }
        }
        for (Class<?> implemented : type.getInterfaces()) {
            if (implemented.getClassLoader() != null && inNest(implemented)) {
                return true;
            }
        }
        return false;
    }

    /** A class file that cannot be read counts as referring: the engine's road serves every service. */
    private static boolean namesAxisContext(Class<?> type) {
        String file = type.getName().replace('.', '/') + ".class";
        try (InputStream in = type.getClassLoader().getResourceAsStream(file)) {
            if (in == null) {
                return true;
            }
            String constants = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            return constants.contains(PACKAGE) || constants.contains(PACKAGE_BY_NAME);
        } catch (IOException e) {
            return true;
        }
    }
}
