package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;

/**
 * The footprint budget: what an Android app ships with the client, this module's classes plus every runtime
 * dependency (the classpath Maven resolved without what Android provides, written to
 * {@code target/runtime-classpath.txt} in generate-test-resources), takes at most {@link #BUDGET_BYTES}: the
 * client's own six jars, about 490 KB (compiled with line numbers, without local variable tables or parameter
 * names). The XML Schema reader and the run-time WSDL path are not among them: they come with the optional
 * hhfr-android-client-wsdl (the test fails if either comes back). R8 makes about 232 KB of dex of it in an
 * app that takes its operations from a compiled service description (android-sample checks that). None of it
 * is a server library (Netty, Axis2), protobuf, or a class the platform already has ({@code org.xmlpull},
 * {@code org.kxml2}: an app build refuses duplicates of platform classes). The module's own classes are
 * counted as the jar would hold them (deflated), and so are sibling modules resolved as class directories.
 */
class FootprintTest {
    /**
     * 499,060 bytes on 2026-11-29: the client's classes 127 KB, negotiation 106 KB, streamer 73 KB, the transports'
     * protocol 138 KB, the context and schema models 27 KB each. The budget is the figure of the last change that
     * needed more (on the JVM, a {@code <} in an attribute value opens no section for the reader of supplementary
     * character references, and a reference beyond U+10FFFF is refused: 294 bytes; before it, 2,938 bytes over 495,816 for a closing session ending the
     * connects of the streams it is opening, through one StreamSocket, and opening no UDP stream; a proposed
     * session's stream waiting for one connect only, and a grant where it could not connect falling back to SOAP
     * without a second; an xsi:type on an element of a simple type checked against the built-ins carried as it, with
     * XsdType.carrying now in the schema model; a dateTime finer than the nanosecond refused with a reason of its
     * own), rounded up, so that the client does not grow unnoticed: a change that makes it larger raises the budget
     * in the same commit, which says why. A module's jar installed long ago may hold a stale directory entry or two
     * and measure a hundred bytes more here than a fresh build.
     */
    private static final long BUDGET_BYTES = 499_100;
    private static final List<String> FORBIDDEN_LIBRARIES = List.of("netty", "axis2", "protobuf", "kxml");
    private static final List<String> PLATFORM_PACKAGES = List.of("org/xmlpull/", "org/kxml2/", "android/");
    /** The XML Schema reader and the run-time WSDL path: hhfr-android-client-wsdl brings them, not the client. */
    private static final List<String> OPTIONAL_CLASSES = List.of("org/hhfr/schemas/SchemaParser.class",
            "org/hhfr/client/WsdlOperations.class");

    @Test
    void theClientAndItsRuntimeDependenciesFitTheBudget() throws IOException {
        String classpath = new String(Files.readAllBytes(Paths.get("target", "runtime-classpath.txt")),
                StandardCharsets.UTF_8).trim();
        long total = jarSize(Paths.get("target", "classes"));
        assertTrue(optionalClasses(Paths.get("target", "classes")).isEmpty(), "the client's classes hold "
                + optionalClasses(Paths.get("target", "classes")));
        StringBuilder report = new StringBuilder("classes " + total);
        for (String entry : classpath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path path = Paths.get(entry);
            String name = path.getFileName().toString();
            for (String library : FORBIDDEN_LIBRARIES) {
                assertTrue(!name.contains(library), "not for the client's runtime: " + name);
            }
            assertTrue(platformClasses(path).isEmpty(), name + " duplicates platform classes: "
                    + platformClasses(path));
            assertTrue(optionalClasses(path).isEmpty(), name + " brings " + optionalClasses(path));
            long size = Files.isDirectory(path) ? jarSize(path) : Files.size(path);
            total += size;
            report.append(", ").append(name).append(' ').append(size);
        }
        System.out.println("client runtime closure: " + total + " bytes (" + report + ")");
        assertTrue(total <= BUDGET_BYTES, "footprint " + total + " bytes exceeds " + BUDGET_BYTES + ": " + report);
    }

    /** Entries of a jar (or a module's classes directory) in packages Android itself provides. */
    private static List<String> platformClasses(Path jar) throws IOException {
        if (Files.isDirectory(jar)) {
            List<String> found = new ArrayList<>();
            for (String name : PLATFORM_PACKAGES) {
                if (Files.exists(jar.resolve(name))) {
                    found.add(name);
                }
            }
            return found;
        }
        List<String> found = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            zip.stream().map(ZipEntry::getName)
                    .filter(name -> PLATFORM_PACKAGES.stream().anyMatch(name::startsWith))
                    .limit(3).forEach(found::add);
        }
        return found;
    }

    /** The classes of {@link #OPTIONAL_CLASSES} that a jar (or a module's classes directory) holds. */
    private static List<String> optionalClasses(Path jar) throws IOException {
        List<String> found = new ArrayList<>();
        if (Files.isDirectory(jar)) {
            for (String name : OPTIONAL_CLASSES) {
                if (Files.exists(jar.resolve(name))) {
                    found.add(name);
                }
            }
            return found;
        }
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (String name : OPTIONAL_CLASSES) {
                if (zip.getEntry(name) != null) {
                    found.add(name);
                }
            }
        }
        return found;
    }

    /** Bytes of a jar of the directory's files, compressed as the jar plugin does. */
    private static long jarSize(Path directory) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream jar = new ZipOutputStream(bytes); Stream<Path> files = Files.walk(directory)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                jar.putNextEntry(new ZipEntry(directory.relativize(file).toString()));
                jar.write(Files.readAllBytes(file));
                jar.closeEntry();
            }
        }
        return bytes.size();
    }
}
