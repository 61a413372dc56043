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
 * client's own six jars, about 466 KB (compiled with line numbers, without local variable tables or parameter
 * names). The XML Schema reader and the run-time WSDL path are not among them: they come with the optional
 * hhfr-android-client-wsdl (the test fails if either comes back). R8 makes about 220 KB of dex of it in an
 * app that takes its operations from a compiled service description (android-sample checks that). None of it
 * is a server library (Netty, Axis2), protobuf, or a class the platform already has ({@code org.xmlpull},
 * {@code org.kxml2}: an app build refuses duplicates of platform classes). The module's own classes are
 * counted as the jar would hold them (deflated), and so are sibling modules resolved as class directories.
 */
class FootprintTest {
    /**
     * 466,000 until the session-wide bound on SOAP connections, and failing the calls an app's executor refuses,
     * took 622 bytes more; 467,600 since requests name their calls from their stream's call base (1,133 bytes:
     * the base's derivation, {@code CallBase}, and numbering each stream's calls apart), which saves eight bytes
     * of every streamed request; 467,700 since a lone UDP acknowledgement goes again with the next data (112
     * bytes); 473,400 since a UDP stream starts from the estimate of its path an earlier stream left (5,603
     * bytes: {@code PathEstimate}, the engine's export, resumption and first-round-trip check, the client's
     * {@code PathEstimates}), which on an LTE uplink saves the round trips slow start spends reaching the path's
     * bandwidth-delay product, and STARTUP's pace floor was kept to its first STARTUP (25 bytes); 473,600 since
     * a first flight that loses datagrams slows STARTUP to the rate its acknowledgements came at (189 bytes),
     * which on a slow link with a shallow queue stops the initial pace from bursting into a full queue; 473,800
     * since clock epochs take random low bits (218 bytes), so two processes opening one ticket in the same
     * millisecond do not take two streams for one; 473,900 since a stream delivering at most once does not fail
     * over to another node (97 bytes), where a call whose reply its server gave up could run twice; 475,000 since
     * open sessions hold the server sessions they stream on in the ticket cache (two sessions of one operation no
     * longer supersede each other's streams), a listener that throws stops no call, and cancelled calls leave the
     * line of calls waiting for a negotiation (977 bytes); 475,500 since an interceptor's unusable header or
     * Error fails its call at once and one interceptor's throwing onEnd leaves the end to the others (546 bytes);
     * 476,300 since closing a session fails its SOAP calls in flight at once and aborts their requests (838 bytes);
     * 476,500 since a one-way send is a call like the others (interceptors, its own deadline and header blocks,
     * failed by a closing session) and the interceptors hear of a cancel on the callback executor (195 bytes);
     * 477,000 since a session that fell back to SOAP after a negotiation offers a stream again after a wait that
     * backs off (476 bytes), so a decline that passes (a context store that could not be reached) does not keep
     * it on SOAP for good; 477,200 since a call or one-way send handed to the SOAP lanes as its session closed
     * fails as closed instead of being sent (144 bytes); 480,300 since the JVM's parser (kxml2) reads a
     * character reference beyond U+FFFF as that character, where it kept only 16 bits of it (about 3 KB: a
     * filtering reader and the parser that applies it; the consumer rules let R8 drop both from an app); 482,000
     * since a call whose interceptors give it other HTTP headers than the call that negotiated its session (a
     * new user, a renewed token) never streams under the old caller but offers a session of its own (1,640 bytes);
     * 482,900 since trace headers (a trace id an interceptor gives each call) are no caller's, so they no longer
     * take every call off the stream (916 bytes: their names, which both sides leave out); 483,800 since the calls
     * on the early stream of a failed negotiation fail naming the failure, and a negotiation answered with an
     * error page leaves the session on SOAP for a while instead of failing the calls of every next early stream
     * (959 bytes, the offer riding on a call included); 485,800 since a nil element keeps its attributes
     * ({@code <price xsi:nil="true" currency="EUR"/>}), which both representations dropped (1,969 bytes); 486,000 since a call with other
     * HTTP headers than its session's caller goes over SOAP alone, keeping the stream for the caller's calls,
     * and only the same other headers twice negotiate again (183 bytes); 486,100 since a session closed while
     * its negotiation is out holds no server session (81 bytes); 486,700 since a session's own negotiation
     * carries the HTTP headers the interceptors give it, so that it is refused no more than the calls, and its
     * early stream knows its caller (622 bytes); 486,800 since {@code Session.call(resultType, ...)} gives null
     * for a nil response value (a service method that returned null), where it failed (65 bytes); 487,100 since
     * a granted session's ticket in the cache names its caller at once, a ticket that names none is not resumed,
     * and an interceptor's Error on a negotiation leaves the session on SOAP instead of negotiating for good
     * (219 bytes); 488,700 since the client tells a caller's headers from those of one request by the rule the
     * server keeps a session's caller by ({@code CallerHeaders}, moved to negotiation), so that a call retried
     * with its idempotency key, or the key of the negotiating call, no longer renegotiates (1,712 bytes).
     */
    private static final long BUDGET_BYTES = 488_700;
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
