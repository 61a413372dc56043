package org.hhfr.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.hhfr.axis.server.ConsoleLogging;
import org.hhfr.axis.server.DevelopmentCertificate;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.HttpsKeyStore;
import org.hhfr.axis.server.ServerSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * {@code hhfr call} and {@code hhfr schema} against an https server on a development certificate: trusted with
 * {@code --trust}, the session streams encrypted; without it, the error says how to trust the server.
 */
class HttpsCommandsTest {
    @TempDir
    static Path keys;
    private static HhfrServer server;
    private static String base;
    private static String pem;

    @BeforeAll
    static void startServer() throws IOException {
        ConsoleLogging.quiet();
        HttpsKeyStore keyStore = DevelopmentCertificate.in(keys);
        server = HhfrServer.start(ServerSettings.builder().port(0).streams("127.0.0.1", null, 0, 0)
                .https(keyStore).build());
        base = "https://127.0.0.1:" + server.port();
        pem = DevelopmentCertificate.pemOf(keyStore.file()).toString();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @ParameterizedTest
    @CsvSource({"tcp, hhfr-tcp", "udp, hhfr-udp", "auto, hhfr-tcp"})
    void aCallTrustingTheDevelopmentCertificateStreams(String mode, String expectedMode) {
        CallCommandTest.Run run = run(new CallCommand(), "--url", base, "--op", "FloatSum.sum", "--values",
                "1.5,2.25", "--mode", mode, "--trust", pem);
        assertEquals(0, run.exit, run.err);
        assertTrue(run.out.startsWith("FloatSum.sum over " + expectedMode + ": 3.75 "), run.out);
    }

    @Test
    void aCallWithoutTrustSaysHowToTrustTheServer() {
        CallCommandTest.Run run = run(new CallCommand(), "--url", base, "--op", "FloatSum.sum", "--values", "1");
        assertEquals(CallCommand.UNUSABLE, run.exit, run.out);
        assertTrue(run.err.contains("the server's certificate is not trusted: pass --trust FILE"), run.err);
    }

    @Test
    void aMissingTrustFileIsNamedAsMissing() {
        CallCommandTest.Run run = run(new CallCommand(), "--url", base, "--op", "FloatSum.sum", "--values", "1",
                "--trust", keys.resolve("nowhere.pem").toString());
        assertEquals(CallCommand.UNUSABLE, run.exit, run.out);
        assertTrue(run.err.contains("nowhere.pem: no such file"), run.err);
    }

    @Test
    void schemaReadsAnHttpsWsdlTrustingTheDevelopmentCertificate() {
        String wsdl = base + "/axis2/services/FloatSum?wsdl";
        CallCommandTest.Run trusted = run(new SchemaCommand(), wsdl, "--trust", pem);
        assertEquals(0, trusted.exit, trusted.err);
        assertTrue(trusted.out.contains("sum"), trusted.out);

        CallCommandTest.Run untrusted = run(new SchemaCommand(), wsdl);
        assertEquals(SchemaCommand.UNUSABLE, untrusted.exit, untrusted.out);
        assertTrue(untrusted.err.contains("pass --trust FILE"), untrusted.err);
    }

    private static CallCommandTest.Run run(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = new CommandLine(command).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                .execute(args);
        return new CallCommandTest.Run(exit, out.toString(), err.toString());
    }
}
