package org.hhfr.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.hhfr.axis.server.DevelopmentCertificate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

/**
 * {@code hhfr serve} in-process: it prints where the services are (the samples, or an Axis2 repository's),
 * serves their WSDL, and stops cleanly.
 */
class ServeCommandTest {

    @Test
    void servesAndPrintsTheServiceUrlsUntilStopped() throws Exception {
        ServeCommand command = new ServeCommand();
        StringWriter out = new StringWriter();
        CommandLine line = new CommandLine(command).setOut(new PrintWriter(out, true));
        ExecutorService runner = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> exit = runner.submit(() -> line.execute("--port", "0", "--udp-port", "-1"));
            int port = awaitPort(out);
            String printed = out.toString();
            for (String service : new String[] {"StringConcat", "FloatSum", "PointsOfInterest"}) {
                assertTrue(printed.contains("http://localhost:" + port + "/axis2/services/" + service + "?wsdl"),
                        printed);
            }
            assertTrue(Pattern.compile("stream tcp +port \\d+").matcher(printed).find(), printed);
            assertTrue(Pattern.compile("stream udp +not served").matcher(printed).find(), printed);
            String wsdl = get("http://127.0.0.1:" + port + "/axis2/services/FloatSum?wsdl");
            assertTrue(wsdl.contains("wsdl:definitions"), wsdl);

            command.stopRequested.countDown();
            assertEquals(0, exit.get(10, TimeUnit.SECONDS));
            assertTrue(out.toString().contains("HHFR server stopped"));
        } finally {
            runner.shutdownNow();
        }
    }

    @Test
    void cleartextStreamsTakesItsValueAsTheNextArgumentOrAfterAnEqualsSign() {
        for (String[] args : new String[][] {{"--cleartext-streams", "false"}, {"--cleartext-streams=false"}}) {
            CommandLine.ParseResult parsed = new CommandLine(new ServeCommand()).parseArgs(args);
            assertEquals(Boolean.FALSE, parsed.matchedOptionValue("--cleartext-streams", null), String.join(" ", args));
        }
    }

    @Test
    void aModuleParameterReachesTheModuleWhichRefusesABadValueNamingIt() {
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ServeCommand()).setErr(new PrintWriter(err, true))
                .execute("--port", "0", "--module-param", "handshakeTimeoutMillis=0");

        assertEquals(ServeCommand.CANNOT_START, exit);
        assertTrue(err.toString().startsWith("error: the server could not start: ")
                && err.toString().contains("handshakeTimeoutMillis"), err.toString());
    }

    @Test
    void theStreamSecurityParametersAreModuleParametersToo() {
        for (String parameter : new String[] {"cleartextStreams=maybe", "streamKeystore=no-such-keystore.p12"}) {
            StringWriter err = new StringWriter();
            int exit = new CommandLine(new ServeCommand()).setErr(new PrintWriter(err, true))
                    .execute("--port", "0", "--module-param", parameter);

            assertEquals(ServeCommand.CANNOT_START, exit, parameter);
            String name = parameter.substring(0, parameter.indexOf('='));
            assertTrue(err.toString().startsWith("error: the server could not start: HHFR module not started: " + name),
                    err.toString());
        }
    }

    @Test
    void aModuleParameterTheModuleDoesNotHaveIsRefusedBeforeTheServerStarts() {
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ServeCommand()).setErr(new PrintWriter(err, true))
                .execute("--port", "0", "--module-param", "handshakeTimeout=9000");

        assertEquals(ServeCommand.CANNOT_START, exit);
        assertTrue(err.toString().startsWith("error: the server could not start: the HHFR module has no parameter "
                + "'handshakeTimeout' (module.xml lists streamBindHost, "), err.toString());
    }

    @Test
    void aPortInUseIsReportedWithExitCodeTwo() throws IOException {
        try (ServerSocket taken = new ServerSocket(0)) {
            StringWriter err = new StringWriter();
            int exit = new CommandLine(new ServeCommand()).setErr(new PrintWriter(err, true))
                    .execute("--port", String.valueOf(taken.getLocalPort()));
            assertEquals(ServeCommand.CANNOT_START, exit);
            assertTrue(err.toString().startsWith("error: the server could not start: cannot listen on port "
                    + taken.getLocalPort()), err.toString());
        }
    }

    @Test
    void servesAnAxis2RepositoryWithTheBuiltInModuleEngagedByItsServicesXml(@TempDir Path repository)
            throws Exception {
        // an exploded service: the sample FloatSum class under a name of the repository's own, engaging hhfr
        Path service = Files.createDirectories(repository.resolve("services/adder/META-INF"));
        Files.writeString(service.resolve("services.xml"), "<service name=\"Adder\">"
                + "<parameter name=\"ServiceClass\">org.hhfr.axis.services.FloatSum</parameter>"
                + "<messageReceivers><messageReceiver mep=\"http://www.w3.org/ns/wsdl/in-out\""
                + " class=\"org.apache.axis2.rpc.receivers.RPCMessageReceiver\"/></messageReceivers>"
                + "<module ref=\"hhfr\"/></service>");
        Files.createDirectories(repository.resolve("modules"));
        ServeCommand command = new ServeCommand();
        StringWriter out = new StringWriter();
        CommandLine line = new CommandLine(command).setOut(new PrintWriter(out, true));
        ExecutorService runner = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> exit = runner.submit(() -> line.execute("--port", "0", "--repo", repository.toString(),
                    "--tcp-port", "0", "--udp-port", "-1"));
            int port = awaitPort(out);
            String printed = out.toString();
            assertTrue(printed.contains("Axis2 repository " + repository.toAbsolutePath()), printed);
            assertTrue(printed.contains("http://localhost:" + port + "/axis2/services/Adder?wsdl"), printed);
            assertFalse(printed.contains("FloatSum") || printed.contains("plain SOAP"), printed);
            assertTrue(Pattern.compile("stream tcp +port \\d+").matcher(printed).find(), printed);
            assertTrue(Pattern.compile("stream udp +not served").matcher(printed).find(), printed);
            String wsdl = get("http://127.0.0.1:" + port + "/axis2/services/Adder?wsdl");
            assertTrue(wsdl.contains("wsdl:definitions") && !wsdl.contains("negotiate"), wsdl);

            command.stopRequested.countDown();
            assertEquals(0, exit.get(10, TimeUnit.SECONDS));
        } finally {
            runner.shutdownNow();
        }
    }

    @Test
    void aMissingKeystoreOrOneWithoutItsPasswordIsNamedAndTheServerDoesNotStart(@TempDir Path directory)
            throws IOException {
        Path missing = directory.resolve("server.p12");
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ServeCommand()).setErr(new PrintWriter(err, true))
                .execute("--port", "0", "--https", "--keystore", missing.toString(), "--keystore-password", "x");
        assertEquals(ServeCommand.CANNOT_START, exit);
        assertTrue(err.toString().startsWith("error: the server could not start: --keystore " + missing
                + ": no such file"), err.toString());

        Path keyStore = DevelopmentCertificate.in(directory).file();
        StringWriter noPassword = new StringWriter();
        exit = new CommandLine(new ServeCommand()).setErr(new PrintWriter(noPassword, true))
                .execute("--port", "0", "--https", "--keystore", keyStore.toString());
        assertEquals(ServeCommand.CANNOT_START, exit);
        assertTrue(noPassword.toString().contains("--keystore needs its password"), noPassword.toString());
    }

    @Test
    void aStoreKeyFromAnUnsetVariableIsNamedAndTheServerDoesNotStart() {
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ServeCommand()).setErr(new PrintWriter(err, true))
                .execute("--port", "0", "--store", "redis://127.0.0.1:1", "--store-key", "env:HHFR_NO_SUCH_VARIABLE");
        assertEquals(ServeCommand.CANNOT_START, exit);
        assertTrue(err.toString().startsWith("error: the server could not start: HHFR module not started: "
                + "contextStoreKey names the environment variable HHFR_NO_SUCH_VARIABLE, which is not set"),
                err.toString());
    }

    @Test
    void aMissingRepositoryIsReportedWithExitCodeTwo(@TempDir Path parent) {
        Path missing = parent.resolve("no-such-repository");
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ServeCommand()).setErr(new PrintWriter(err, true))
                .execute("--port", "0", "--repo", missing.toString());
        assertEquals(ServeCommand.CANNOT_START, exit);
        assertTrue(err.toString().startsWith("error: the server could not start: no Axis2 repository at " + missing),
                err.toString());
    }

    @Test
    void servesTheAdminEndpointWhenAskedFor() throws Exception {
        ServeCommand command = new ServeCommand();
        StringWriter out = new StringWriter();
        CommandLine line = new CommandLine(command).setOut(new PrintWriter(out, true));
        ExecutorService runner = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> exit = runner.submit(() -> line.execute("--port", "0", "--admin-port", "0"));
            awaitPort(out);
            Pattern admin = Pattern.compile("admin +port (\\d+): /metrics, /health/ready, /health/live");
            Matcher matcher = admin.matcher(out.toString());
            for (int i = 0; i < 100 && !matcher.find(); i++) {
                Thread.sleep(50);
                matcher = admin.matcher(out.toString());
            }
            assertTrue(matcher.find(0), out.toString());
            assertEquals("ready\n", get("http://127.0.0.1:" + matcher.group(1) + "/health/ready"));
            assertTrue(get("http://127.0.0.1:" + matcher.group(1) + "/metrics").contains("hhfr_streams_open"));

            command.stopRequested.countDown();
            assertEquals(0, exit.get(10, TimeUnit.SECONDS));
        } finally {
            runner.shutdownNow();
        }
    }

    private static int awaitPort(StringWriter out) throws InterruptedException {
        Pattern started = Pattern.compile("HHFR server on port (\\d+)");
        for (int i = 0; i < 200; i++) {
            Matcher matcher = started.matcher(out.toString());
            if (matcher.find() && out.toString().contains("stream udp")) {
                return Integer.parseInt(matcher.group(1));
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the server did not start: " + out);
    }

    private static String get(String url) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) new URL(url).openConnection();
        connection.setConnectTimeout(2_000);
        connection.setReadTimeout(5_000);
        try (InputStream in = connection.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            connection.disconnect();
        }
    }
}
