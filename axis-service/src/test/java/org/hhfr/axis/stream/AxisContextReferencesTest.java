package org.hhfr.axis.stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.apache.axis2.context.MessageContext;
import org.apache.axis2.deployment.DeploymentClassLoader;
import org.hhfr.axis.FaultRaiser;
import org.hhfr.axis.HelperContextReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AxisContextReferencesTest {
    /** Reads the context itself; its name is not ASCII, so its class file's URL escapes it. */
    public static final class Größe {
        public String where() {
            return MessageContext.getCurrentMessageContext().getIncomingTransportName();
        }
    }

    @Test
    void aClassWhoseNameIsNotAsciiIsReadToo() {
        assertTrue(AxisContextReferences.in(Größe.class));
        assertTrue(AxisContextReferences.in(ThroughÜbersetzer.class));
    }

    @Test
    void aContextReadThroughHelpersOfTheServicesOwnIsFound() {
        assertTrue(AxisContextReferences.in(TwoHelpersAway.class));
        assertTrue(AxisContextReferences.in(HelperContextReader.class));
    }

    /**
     * A service jar replaced where it was (a redeploy) is read as it is now: its helper, which names no context in
     * the first jar (the class file there is another's), reads the context in the second.
     */
    @Test
    void aServiceJarReplacedInPlaceIsReadAsItIsNow(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("service.jar");
        writeJar(jar, FaultRaiser.class);
        try (URLClassLoader first = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            assertFalse(AxisContextReferences.in(Class.forName(HelperContextReader.class.getName(), false, first)));
        }
        Path next = dir.resolve("service.jar.new");
        writeJar(next, Class.forName("org.hhfr.axis.CallerDescription"));
        Files.move(next, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        try (URLClassLoader second = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            assertTrue(AxisContextReferences.in(Class.forName(HelperContextReader.class.getName(), false, second)));
        }
    }

    /**
     * A multi-release jar whose service class has a version for this Java and whose helper has none: both come from
     * the same jar, though not from the same folder of it.
     */
    @Test
    void aHelperInTheBaseOfAMultiReleaseJarIsReadForAServiceOfAVersionedOne(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("service.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MULTI_RELEASE, "true");
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file, manifest)) {
            out.putNextEntry(new JarEntry("META-INF/versions/9/org/hhfr/axis/HelperContextReader.class"));
            out.write(classFile(HelperContextReader.class));
            out.putNextEntry(new JarEntry("org/hhfr/axis/CallerDescription.class"));
            out.write(classFile(Class.forName("org.hhfr.axis.CallerDescription")));
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            assertTrue(loader.getResource("org/hhfr/axis/HelperContextReader.class").toString()
                    .contains("/META-INF/versions/9/"), "the versioned class file is the one loaded");
            assertTrue(AxisContextReferences.in(Class.forName(HelperContextReader.class.getName(), false, loader)));
        }
    }

    /**
     * An archive's service class and, in a jar of its {@code lib} folder, the helper that reads the context: Axis2
     * gives such a service a class loader of its own, for the archive and those jars.
     */
    @Test
    void aHelperInAJarOfTheServiceArchivesLibFolderIsRead(@TempDir Path dir) throws Exception {
        Path service = dir.resolve("Reader.aar");
        Path lib = dir.resolve("callers.jar");
        writeJarOf(service, HelperContextReader.class);
        writeJarOf(lib, Class.forName("org.hhfr.axis.CallerDescription"));
        URL[] urls = {service.toUri().toURL(), lib.toUri().toURL()};
        try (URLClassLoader archive = new DeploymentClassLoader(urls, ClassLoader.getPlatformClassLoader(), false);
                URLClassLoader other = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {
            assertTrue(AxisContextReferences.in(Class.forName(HelperContextReader.class.getName(), false, archive)));
            assertFalse(AxisContextReferences.in(Class.forName(HelperContextReader.class.getName(), false, other)),
                    "a jar beside the service's own, not of its archive, is another library's");
        }
    }

    /** A jar of {@link HelperContextReader} whose {@code CallerDescription} is the class file of {@code helper}. */
    private static void writeJar(Path jar, Class<?> helper) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry("org/hhfr/axis/HelperContextReader.class"));
            out.write(classFile(HelperContextReader.class));
            out.putNextEntry(new JarEntry("org/hhfr/axis/CallerDescription.class"));
            out.write(classFile(helper));
        }
    }

    /** A jar holding only the class file of {@code type}. */
    private static void writeJarOf(Path jar, Class<?> type) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry(type.getName().replace('.', '/') + ".class"));
            out.write(classFile(type));
        }
    }

    private static byte[] classFile(Class<?> type) throws IOException {
        try (InputStream in = type.getClassLoader().getResourceAsStream(type.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    /** Its code is not read where a service's is: the engine's road serves it, as every service. */
    @Test
    void aClassOfTheJavaPlatformCountsAsReadingTheContexts() {
        assertTrue(AxisContextReferences.in(String.class));
        assertTrue(AxisContextReferences.in(java.sql.Timestamp.class));
    }

    @Test
    void axis2sOwnClassesNamingTheirContextsDoNotCountAsTheServiceReadingThem() {
        assertFalse(AxisContextReferences.in(FaultRaiser.class));
    }
}

/** Reads the context through a helper whose name is not ASCII; neither is nested, so only that helper names it. */
final class ThroughÜbersetzer {
    public String where() {
        return Übersetzer.transport();
    }
}

final class Übersetzer {
    private Übersetzer() {
    }

    static String transport() {
        return MessageContext.getCurrentMessageContext().getIncomingTransportName();
    }
}

/**
 * Reads the context through a helper of its own that it reaches only through another helper of its own; none is
 * nested, so only the last names the context and only the walk through the first two reaches it.
 */
final class TwoHelpersAway {
    public String where() {
        return Relay.caller();
    }
}

final class Relay {
    private Relay() {
    }

    static String caller() {
        return TransportReader.transport();
    }
}

final class TransportReader {
    private TransportReader() {
    }

    static String transport() {
        return MessageContext.getCurrentMessageContext().getIncomingTransportName();
    }
}
