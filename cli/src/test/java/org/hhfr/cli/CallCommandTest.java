package org.hhfr.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.apache.axis2.AxisFault;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.engine.AxisConfiguration;
import org.hhfr.axis.module.HhfrModule;
import org.hhfr.axis.server.ConsoleLogging;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.ServerSettings;
import org.hhfr.axis.services.FloatSum;
import org.hhfr.axis.services.PointOfInterest;
import org.hhfr.axis.services.PointsOfInterest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import picocli.CommandLine;

/** {@code hhfr call} in-process against the embedded server on free ports, in every mode. */
class CallCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static HhfrServer server;
    private static String base;

    @BeforeAll
    static void startServer() throws IOException {
        ConsoleLogging.quiet();
        server = HhfrServer.start(ServerSettings.builder().port(0).streams("127.0.0.1", null, 0, 0).build());
        base = "http://127.0.0.1:" + server.port();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @ParameterizedTest
    @CsvSource({"soap, soap", "tcp, hhfr-tcp", "udp, hhfr-udp", "auto, hhfr-tcp"})
    void floatSumAnswersTheSumAsOneJsonObjectInEveryMode(String mode, String expectedMode) throws IOException {
        Run run = call("--url", base, "--op", "FloatSum.sum", "--values", "1.5,2.25", "--mode", mode, "--json");
        assertEquals(0, run.exit, run.err);
        JsonNode report = JSON.readTree(run.out);
        for (String key : new String[] {"mode", "result", "messages", "elapsed_ms", "bytes_up", "bytes_down",
            "bytes_source"}) {
            assertTrue(report.has(key), key + " missing in " + run.out);
        }
        assertEquals(expectedMode, report.get("mode").asText());
        assertEquals(3.75, report.get("result").asDouble());
        assertEquals(1, report.get("messages").asInt());
        assertTrue(report.get("bytes_up").asLong() > 0 && report.get("bytes_down").asLong() > 0, run.out);
        assertEquals(1, run.out.trim().split("\n").length, "exactly one line: " + run.out);
    }

    @ParameterizedTest
    @CsvSource({"soap", "tcp", "auto"})
    void aOneWayOperationIsSentWithoutAnAnswer(String mode) throws Exception {
        deploy("Notes", Notes.class);
        Run run = call("--url", base, "--op", "Notes.note", "--value", "sent " + mode, "--mode", mode, "--json");

        assertEquals(0, run.exit, run.err);
        JsonNode report = JSON.readTree(run.out);
        assertTrue(report.get("result").isNull(), run.out);
        long deadline = System.currentTimeMillis() + 5_000;
        while (!Notes.TAKEN.contains("sent " + mode) && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(Notes.TAKEN.contains("sent " + mode), Notes.TAKEN::toString);
    }

    @ParameterizedTest
    @CsvSource({"soap, soap", "tcp, hhfr-tcp"})
    void aDateTimeAndBytesAreGivenInTheirSchemaForms(String mode, String expectedMode) throws Exception {
        deploy("Bookings", Bookings.class);
        Run run = call("--url", base, "--op", "Bookings.stamp", "--values", "2024-02-29T12:00:00Z,aGVs bG8=",
                "--mode", mode, "--json");
        assertEquals(0, run.exit, run.err);
        JsonNode report = JSON.readTree(run.out);
        assertEquals(expectedMode, report.get("mode").asText());
        assertEquals("1709208000000/5", report.get("result").asText());

        Run notBase64 = call("--url", base, "--op", "Bookings.stamp", "--values", "2024-02-29T12:00:00Z,a*b");
        assertEquals(2, notBase64.exit);
        assertEquals("error: 'a*b' is not a valid base64Binary for photo", notBase64.err.trim());
    }

    @ParameterizedTest
    @CsvSource({"soap, soap", "tcp, hhfr-tcp"})
    void aRequestWithAStructureIsGivenAsXml(String mode, String expectedMode) throws Exception {
        deploy("Bookings", Bookings.class);
        String booking = "<ns:book xmlns:ns=\"http://cli.hhfr.org\">"
                + "<booking><guest>Ann</guest><nights>3</nights></booking></ns:book>";
        Run run = call("--url", base, "--op", "Bookings.book", "--request", booking, "--mode", mode, "--json");
        assertEquals(0, run.exit, run.err);
        JsonNode report = JSON.readTree(run.out);
        assertEquals(expectedMode, report.get("mode").asText());
        assertEquals("Ann for 3 nights", report.get("result").asText());

        Path file = Files.createTempFile("booking", ".xml");
        try {
            Files.writeString(file, booking.replace("Ann", "Bea"));
            Run fromFile = call("--url", base, "--op", "Bookings.book", "--request-file", file.toString(),
                    "--json");
            assertEquals(0, fromFile.exit, fromFile.err);
            assertEquals("Bea for 3 nights", JSON.readTree(fromFile.out).get("result").asText());
        } finally {
            Files.delete(file);
        }
        Run wrong = call("--url", base, "--op", "Bookings.book", "--request", booking.replace("nights>", "days>"));
        assertEquals(2, wrong.exit);
        assertTrue(wrong.err.startsWith("error: the request is not a book element of the operation's schema: "),
                wrong.err);
        Run both = call("--url", base, "--op", "Bookings.book", "--request", booking, "--values", "1");
        assertEquals(2, both.exit);
        assertEquals("error: --request and --request-file give the whole request; give one, without --values or"
                + " --value", both.err.trim());
    }

    /** Deploys the POJO service {@code type} as {@code name}, with the HHFR module, unless it is deployed. */
    private static void deploy(String name, Class<?> type) throws AxisFault {
        AxisConfiguration configuration = server.axisContext().getAxisConfiguration();
        if (configuration.getService(name) == null) {
            AxisService service = AxisService.createService(type.getName(), configuration);
            configuration.addService(service);
            service.engageModule(configuration.getModule(HhfrModule.NAME));
        }
    }

    @ParameterizedTest
    @CsvSource({"soap, soap", "tcp, hhfr-tcp", "udp, hhfr-udp"})
    void concatJoinsCommaSeparatedAndLiteralValuesOverManyMessages(String mode, String expectedMode)
            throws IOException {
        Run run = call("--url", base + "/axis2/services/StringConcat", "--op", "StringConcat.concat",
                "--values", "a,b", "--value", "x,y", "--value", "", "--value", " z", "--mode", mode,
                "--messages", "10", "--json");
        assertEquals(0, run.exit, run.err);
        JsonNode report = JSON.readTree(run.out);
        assertEquals(expectedMode, report.get("mode").asText());
        assertEquals("abx,y z", report.get("result").asText());
        assertEquals(10, report.get("messages").asInt());
    }

    @ParameterizedTest
    @CsvSource({"tcp, 300", "udp, 300", "soap, 20"})
    void messagesArePipelinedUpToTheWindowWithTheirLatenciesReported(String mode, int messages)
            throws IOException {
        Run run = call("--url", base, "--op", "FloatSum.sum", "--values", "1.5,2.25", "--mode", mode,
                "--messages", String.valueOf(messages), "--json");
        assertEquals(0, run.exit, run.err);
        JsonNode report = JSON.readTree(run.out);
        assertEquals(3.75, report.get("result").asDouble());
        assertEquals(messages, report.get("messages").asInt());
        int inFlight = report.get("in_flight").asInt();
        if ("soap".equals(mode)) {
            assertEquals(5, inFlight, run.out);
        } else {
            assertTrue(inFlight > 1 && inFlight <= 256, run.out);
        }
        double median = report.get("latency_median_ms").asDouble();
        double p90 = report.get("latency_p90_ms").asDouble();
        assertTrue(median > 0 && median <= p90 && p90 <= report.get("elapsed_ms").asDouble(), run.out);
    }

    @Test
    void sequentialSendsEachMessageAfterTheAnswerBefore() throws IOException {
        Run run = call("--url", base, "--op", "FloatSum.sum", "--values", "1", "--mode", "tcp", "--messages", "5",
                "--sequential", "--timeout", "5000", "--json");
        assertEquals(0, run.exit, run.err);
        assertEquals(1, JSON.readTree(run.out).get("in_flight").asInt(), run.out);
    }

    @Test
    void pointsOfInterestTakesOneCountAndAnswersThatManyRecordsAsWholeJsonObjects() throws IOException {
        Run run = call("--url", base, "--op", "PointsOfInterest.list", "--values", "3", "--mode", "tcp", "--json");
        assertEquals(0, run.exit, run.err);
        JsonNode records = JSON.readTree(run.out).get("result");
        assertTrue(records.isArray(), run.out);
        assertEquals(3, records.size());
        PointOfInterest expected = new PointsOfInterest().list(3)[2];
        JsonNode third = records.get(2);
        assertEquals(3, third.get("id").asInt(), run.out);
        assertEquals(expected.getName(), third.get("name").asText());
        assertEquals(expected.getDescription(), third.get("description").asText(), "whole, not abbreviated");
    }

    @Test
    void aSessionThatFellBackToSoapSaysWhy() throws IOException {
        try (HhfrServer plain = HhfrServer.start(ServerSettings.builder().port(0).streams("127.0.0.1", null, 0, 0)
                .plainSoapServices(Set.of(FloatSum.class)).build())) {
            String url = "http://127.0.0.1:" + plain.port();
            Run run = call("--url", url, "--op", "FloatSum.sum", "--values", "1.5,2.25", "--mode", "tcp");
            assertEquals(0, run.exit, run.err);
            assertTrue(run.out.contains("\nnote: the session used plain SOAP: the service does not offer HHFR "
                    + "negotiation"), run.out);

            Run json = call("--url", url, "--op", "FloatSum.sum", "--values", "1.5", "--mode", "tcp", "--json");
            assertTrue(JSON.readTree(json.out).get("fallback_reason").asText().contains("negotiation"), json.out);
        }
    }

    @Test
    void plainOutputIsOneSentenceNamingModeResultAndBytes() {
        Run run = call("--url", base, "--op", "FloatSum.sum", "--values", "1.5,2.25", "--mode", "tcp");
        assertEquals(0, run.exit, run.err);
        assertTrue(run.out.startsWith("FloatSum.sum over hhfr-tcp: 3.75 (1 message in "), run.out);
        assertTrue(run.out.matches("(?s).*; \\d+ bytes up, \\d+ down, counted by .*"), run.out);
    }

    @Test
    void streamsCostFewerBytesThanSoapAndSoapBytesGrowWithEveryMessage() throws IOException {
        long soapOne = bytesUp("soap", 1);
        long soapTen = bytesUp("soap", 10);
        assertTrue(soapTen >= 9 * soapOne && soapTen <= 11 * soapOne, soapOne + " vs " + soapTen);
        long tcpHundred = bytesUp("tcp", 100);
        assertTrue(tcpHundred < 10 * soapOne, "100 streamed messages cost " + tcpHundred + " bytes");
        long udpOne = bytesUp("udp", 1);
        long udpHundred = bytesUp("udp", 100);
        assertTrue(udpHundred - udpOne >= 99 * 8, "UDP datagrams are counted: " + udpOne + " vs " + udpHundred);
    }

    @Test
    void aServiceFaultExitsWithOneAndSaysWhy() {
        Run run = call("--url", base, "--op", "PointsOfInterest.list", "--values", "5001", "--mode", "soap");
        assertEquals(CallCommand.SERVICE_FAULT, run.exit, run.out);
        assertTrue(run.err.startsWith("error: the service answered with a fault: "), run.err);
        assertTrue(run.err.contains("5001"), run.err);
    }

    @Test
    void wrongArgumentsExitWithTwo() {
        List<List<String>> wrong = Arrays.asList(
                Arrays.asList("--op", "FloatSum.sum", "--values", "1"),
                Arrays.asList("--url", base, "--op", "FloatSum", "--values", "1"),
                Arrays.asList("--url", base, "--op", "FloatSum.sum", "--values", "1", "--mode", "carrier-pigeon"),
                Arrays.asList("--url", base, "--op", "FloatSum.sum", "--values", "1.5f"),
                Arrays.asList("--url", base, "--op", "FloatSum.sum", "--values", "1", "--messages", "0"),
                Arrays.asList("--url", base, "--op", "FloatSum.sum", "--values", "1", "--timeout", "0"),
                Arrays.asList("--url", base, "--op", "PointsOfInterest.list", "--values", "1,2"),
                Arrays.asList("--url", base, "--op", "FloatSum.product", "--values", "1"),
                Arrays.asList("--url", base + "/axis2/services/StringConcat", "--op", "FloatSum.sum", "--values", "1"),
                Arrays.asList("--url", "ftp://127.0.0.1/", "--op", "FloatSum.sum", "--values", "1"));
        for (List<String> args : wrong) {
            Run run = call(args.toArray(new String[0]));
            assertEquals(CallCommand.UNUSABLE, run.exit, args + ": " + run.out);
            assertTrue(!run.err.isEmpty(), args + " says nothing");
        }
    }

    @Test
    void anUnreachableServerExitsWithTwo() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        Run run = call("--url", "http://127.0.0.1:" + closedPort, "--op", "FloatSum.sum", "--values", "1");
        assertEquals(CallCommand.UNUSABLE, run.exit, run.out);
        assertTrue(run.err.startsWith("error: "), run.err);
    }

    private static long bytesUp(String mode, int messages) throws IOException {
        Run run = call("--url", base, "--op", "FloatSum.sum", "--values", "1.5,2.25", "--mode", mode,
                "--messages", String.valueOf(messages), "--json");
        assertEquals(0, run.exit, run.err);
        return JSON.readTree(run.out).get("bytes_up").asLong();
    }

    private static Run call(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new CallCommand()).setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true)).execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    /** A finished command: its exit code and what it printed. */
    static final class Run {
        final int exit;
        final String out;
        final String err;

        Run(int exit, String out, String err) {
            this.exit = exit;
            this.out = out;
            this.err = err;
        }
    }
}
