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
     * What the client costs an app after R8: about 217 KB of dex on 2026-11-27 (code 128 KB, strings 40 KB with
     * their ids; 3 KB more since the client takes the stream endpoints a description advertises), 218 KB once
     * TCP writes gather a burst within a connection's first flight. The app takes its operation from a compiled
     * service description, and the client no longer depends on the XML Schema parser at all
     * (hhfr-android-client-wsdl brings it), so it is not in it; the XML and binary representations, SOAP,
     * negotiation, the description's reader and both stream transports are all reachable from one call. The
     * budget keeps it from growing unnoticed: it rose from 220,000 once, by 500 bytes, for the session-wide bound
     * on SOAP connections (a session that started many calls on SOAP opened one connection each, and a server
     * limiting connections per client refused them) and for failing the calls an app's executor refuses; and by
     * 400 more when requests began to name their calls from their stream's call base, each stream numbering its
     * own (eight bytes less on the wire for every streamed request), and by 100 more when a lone UDP
     * acknowledgement began to go again with the next data; by 2,500 more when a UDP stream began to start from
     * the estimate of its path that the client's earlier stream over it left; and by 300 more when a first flight
     * that loses datagrams began to slow STARTUP to the rate its acknowledgements came at; and by 1,200 more for
     * correctness: clock epochs with random bits, no failover at most once, open sessions holding their server
     * sessions' tickets, a throwing listener that stops no call, cancelled calls leaving the waiting line; and by
     * 600 more when closing a session began to fail its SOAP calls in flight and abort their requests; and by 400
     * more when a message of one frame began to be held to its sequence's maximum size (the server read frames
     * behind a HELLO under its own limit) and a session that fell back to SOAP began to offer a stream again
     * after a wait that backs off; and by 200 more when a call or one-way send handed to the SOAP lanes as its
     * session closed began to fail as closed instead of being sent; and by 1,000 more when a call whose
     * interceptors give it other HTTP headers than the call that negotiated the session (a new user, a renewed
     * token) began to offer a session of its own instead of streaming under the old caller; and by 300 more when
     * trace headers (a per-call trace id) stopped counting as a new caller; and by 1,000 more when the calls on the
     * early stream of a failed negotiation began to fail naming the failure, and a negotiation answered with an
     * error page to leave the session on SOAP for a while; and by 1,000 more when a nil element began to keep its
     * attributes in both representations; and by 400 more when a call of another
     * caller began to go over SOAP alone, keeping the stream, unless the same other headers come twice; and by
     * 200 more when a session closed while its negotiation is out stopped holding the server session it granted;
     * and by 300 more when a session's own negotiation began to carry the interceptors' HTTP headers; and by 100
     * more when a nil response value began to be null for {@code Session.call(resultType, ...)}; and by 400 more
     * when a granted ticket began to name its caller at once and a ticket naming none to be left unresumed; and by
     * 800 more when the client began to tell a caller's headers from those of one request by the server's rule,
     * so that a call retried with its idempotency key no longer renegotiates.
     */
    private static final long DEX_BUDGET_BYTES = 231_700;

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
