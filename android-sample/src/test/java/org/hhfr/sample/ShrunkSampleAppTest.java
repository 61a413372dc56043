package org.hhfr.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Test;

import org.hhfr.transports.netty.testing.InProcessHhfrServer;

/**
 * The sample app after R8, as an Android release build shrinks it (built in package, see the pom): its dex
 * fits the budget and ships no platform classes, and the same shrinking to class files, run on a JVM with
 * Android 7.0's framework (API 24) as its library, sums over a stream with the real in-process server.
 *
 * <p>On that JVM the app takes the Android path (it sees {@code android.os.Build}: XmlPull's factory, no
 * kxml2 of its own). The XmlPull implementation in front of android-all is kxml2's: android-all's copy calls
 * {@code System.arraycopy} overloads that only Android's runtime has.
 */
class ShrunkSampleAppTest {
    /**
     * What the client costs an app after R8: 239,588 bytes of dex on 2026-11-29, of which about 138 KB code, 34 KB
     * strings (mostly the messages of the client's errors) and 35 KB the ids of strings, types, fields and
     * methods. The app takes its operation from a compiled service description, so the XML Schema reader is not
     * in it; the XML and binary representations, SOAP, negotiation, the description's reader and both stream
     * transports (the UDP one with its congestion control and address tokens) are all reachable from one call. The
     * budget is the figure of the last change that needed more (a closing session ends the connects of the streams
     * it is opening, through one StreamSocket, and opens no UDP stream; a proposed session's stream waits for one
     * connect only, and a grant where it could not connect falls back to SOAP without a second; an xsi:type on an
     * element of a simple type is checked; a dateTime finer than the nanosecond has a reason of its own: 3,116 bytes
     * over 236,472), rounded up, so that the dex does not grow unnoticed: a change that makes it larger raises the
     * budget in the same commit, which says why. Measure it on freshly installed jars: the sample takes the client's
     * jar from the local repository.
     */
    private static final long DEX_BUDGET_BYTES = 239_600;

    @Test
    void theShrunkDexFitsTheBudget() throws IOException {
        long dex;
        try (ZipFile zip = new ZipFile(property("hhfr.sample.dex"))) {
            List<ZipEntry> dexFiles = zip.stream().filter(entry -> entry.getName().endsWith(".dex"))
                    .collect(Collectors.toList());
            assertEquals(1, dexFiles.size(), "one dex file: " + dexFiles);
            dex = dexFiles.get(0).getSize();
        }
        System.out.println("R8-shrunk sample app: classes.dex " + dex + " bytes (budget " + DEX_BUDGET_BYTES
                + "); before shrinking " + Files.size(Paths.get(property("hhfr.sample.unshrunk"))) + " bytes of jar");
        assertTrue(dex <= DEX_BUDGET_BYTES, "dex of " + dex + " bytes exceeds " + DEX_BUDGET_BYTES);
    }

    @Test
    void anAppOnACompiledDescriptionShipsNoXmlSchemaOrWsdlReader() throws IOException {
        // R8's mapping names every class it kept, as "original.Name -> obfuscated:"
        List<String> kept = Files.readAllLines(Paths.get(property("hhfr.sample.dex.map")), StandardCharsets.UTF_8)
                .stream().filter(line -> !line.startsWith(" ") && !line.startsWith("#") && line.contains(" -> "))
                .map(line -> line.substring(0, line.indexOf(" -> "))).collect(Collectors.toList());
        assertTrue(kept.contains("org.hhfr.sample.FloatSumApp"), "the mapping names the kept classes");
        for (String reader : List.of("org.hhfr.schemas.SchemaParser", "org.hhfr.schemas.SchemaDocumentReader",
                "org.hhfr.schemas.SchemaResolver", "org.hhfr.client.WsdlOperations", "org.hhfr.client.WsdlDownload")) {
            assertTrue(!kept.contains(reader), reader + " is in the shrunk app");
        }
    }

    @Test
    void theAppShipsNoPlatformClassesBeforeOrAfterShrinking() throws IOException {
        // Before: everything the app's one dependency brought (kxml2 would be there if it were not optional).
        for (String jar : new String[] {property("hhfr.sample.unshrunk"), property("hhfr.sample.shrunk")}) {
            try (ZipFile zip = new ZipFile(jar)) {
                List<String> platform = zip.stream().map(ZipEntry::getName)
                        .filter(name -> name.startsWith("org/xmlpull/") || name.startsWith("org/kxml2/"))
                        .limit(5).collect(Collectors.toList());
                assertTrue(platform.isEmpty(), "platform classes in " + jar + ": " + platform);
            }
        }
    }

    @Test
    void theShrunkAppSumsOverAStreamOnAndroidsClasses() throws Exception {
        try (InProcessHhfrServer server = InProcessHhfrServer.start()) {
            String classpath = String.join(File.pathSeparator, property("hhfr.sample.shrunk"),
                    property("hhfr.kxml2"), property("hhfr.android.api24"));
            Path log = Files.createTempFile("shrunk-app", ".log");
            Process app = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", classpath, "org.hhfr.sample.FloatSumApp", server.floatSumUrl().toString(),
                    "1.5", "2.25", "-0.5")
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            try {
                assertTrue(app.waitFor(60, TimeUnit.SECONDS), "the app did not finish within 60 s");
            } finally {
                app.destroyForcibly();
            }
            String output = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
            Files.delete(log);
            assertEquals(0, app.exitValue(), output);
            assertTrue(output.contains("sum=3.25 mode=HHFR_TCP"), output);
            assertEquals(1, server.calls("sum"));
        }
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        assertTrue(value != null && Files.exists(Path.of(value)), name + " names no file: " + value);
        return value;
    }
}
