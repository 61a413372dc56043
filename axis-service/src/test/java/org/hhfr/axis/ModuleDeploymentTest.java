package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.apache.axis2.engine.AxisConfiguration;
import org.hhfr.axis.module.HhfrModule;
import org.hhfr.axis.server.DevelopmentCertificate;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.HttpsKeyStore;
import org.hhfr.axis.server.ServerSettings;
import org.hhfr.axis.stream.EnvelopeDispatch;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.NegotiationLimits;
import org.hhfr.negotiation.NegotiationReader;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.client.OptimisticResult;
import org.hhfr.negotiation.soap.BodyReader;
import org.hhfr.negotiation.soap.BodyWriter;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaParser;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Representation;
import org.hhfr.streamer.Representations;
import org.hhfr.transports.netty.NettyStreamClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * HHFR as an operator deploys it: an Axis2 repository on disk with the module archive in {@code modules/} and
 * a user's POJO service (compiled here, not one of the samples) as an {@code .aar} in {@code services/},
 * served by real Axis2 on real sockets; a client negotiates with its first call and streams over TCP and UDP.
 * Engaged in axis2.xml it serves every service; engaged in a services.xml, that service only. A broken module
 * parameter or a stream port in use fails the module with a one-line reason while Axis2 goes on serving SOAP;
 * a corrupt {@code .aar} is Axis2's deployment error and leaves the module running. Closing the server shuts
 * the module down; the embedded sample server starts its streams the same way and refuses to start without them.
 */
@Timeout(120)
class ModuleDeploymentTest {
    private static final String NAMESPACE = "http://greeting.example.com";
    private static final String TCP = HhfrUris.TRANSPORT_TCP;
    private static final String UDP = HhfrUris.TRANSPORT_UDP;
    private static final Map<String, String> LOOPBACK_STREAMS =
            Map.of("streamBindHost", TestServers.LOOPBACK, "tcpPort", "0", "udpPort", "0");

    @TempDir
    static Path work;
    private static Path classes;

    @BeforeAll
    static void compileTheUsersServices() throws IOException {
        classes = Axis2Repository.compile(work.resolve("classes"), Map.of(
                "com/example/greeting/Greeter.java", "package com.example.greeting;\n"
                        + "public class Greeter {\n"
                        + "    public String greet(String name) {\n"
                        + "        return \"Hello, \" + name;\n"
                        + "    }\n"
                        + "}\n",
                "com/example/greeting/Counter.java", "package com.example.greeting;\n"
                        + "public class Counter {\n"
                        + "    public int count(String[] words) {\n"
                        + "        return words == null ? 0 : words.length;\n"
                        + "    }\n"
                        + "}\n"));
    }

    private static String service(String name, boolean engagesHhfr) {
        return "<service name=\"" + name + "\">"
                + "<parameter name=\"ServiceClass\">com.example.greeting." + name + "</parameter>"
                + "<messageReceivers><messageReceiver mep=\"http://www.w3.org/ns/wsdl/in-out\""
                + " class=\"org.apache.axis2.rpc.receivers.RPCMessageReceiver\"/></messageReceivers>"
                + (engagesHhfr ? "<module ref=\"hhfr\"/>" : "")
                + "</service>";
    }

    private static String greet(String name) {
        return "<ns:greet xmlns:ns=\"" + NAMESPACE + "\"><name>" + name + "</name></ns:greet>";
    }

    private static String count(String... words) {
        StringBuilder body = new StringBuilder("<ns:count xmlns:ns=\"" + NAMESPACE + "\">");
        for (String word : words) {
            body.append("<words>").append(word).append("</words>");
        }
        return body.append("</ns:count>").toString();
    }

    /** A repository engaging the module in axis2.xml, with the greeting service, the module.xml as edited. */
    private static Axis2Repository greetingRepository(String name, UnaryOperator<String> moduleXml,
                                                      Map<String, String> axis2XmlParameters) throws IOException {
        return Axis2Repository.in(work.resolve(name)).module(moduleXml).axis2Xml(true, axis2XmlParameters)
                .aar("greeting.aar", classes, service("Greeter", false));
    }

    private static HhfrServer serve(Axis2Repository repository) throws IOException {
        return HhfrServer.start(ServerSettings.builder().port(0).requestThreads(4)
                .repository(repository.root()).build());
    }

    private static Negotiator negotiator(String url) throws IOException {
        return new Negotiator(new SoapHttpClient(new URL(url), 2_000, 10_000, SoapLimits.defaults()),
                SoapVersion.SOAP_11, new NegotiationReader(NegotiationLimits.defaults()), new ResumptionTicketCache());
    }

    /** A first real call carrying an offer of {@code transport}: its answer must be {@code expected} either way. */
    private static NegotiationOutcome callWithOffer(HhfrServer server, String service, String operation,
                                                    String body, String transport, String expected) throws Exception {
        String url = server.serviceUrl(TestServers.LOOPBACK, service);
        OptimisticResult<List<String>> first = negotiator(url).callWithOffer(TicketKey.of(url, operation, "-"),
                "urn:" + operation, Offer.builder().transports(List.of(transport)).build(), List.of(),
                BodyWriter.elements(List.of(body)), BodyReader.elements(1 << 20, 64));
        assertEquals(expected, Envelopes.singleReturn(first.response().body().get(0)), "the call's own answer");
        return first.outcome();
    }

    /** One call over the stream the answer granted: the response's {@code return}. */
    private static String streamed(Answer answer, String field, Object value) throws Exception {
        Schema requestSchema = new SchemaParser().parse(answer.schemas().request().xsd());
        DataStructure request = requestSchema.dataStructure(answer.schemas().request().element());
        DataStructure response = new SchemaParser().parse(answer.schemas().response().xsd())
                .dataStructure(answer.schemas().response().element());
        Representation representation = Representations.standard().get(answer.representation());
        InetSocketAddress address = new InetSocketAddress(answer.endpoint().host(), answer.endpoint().port());
        NettyStreamClient.Builder builder = UDP.equals(answer.transport())
                ? NettyStreamClient.udp(address, answer.sessionId().toBytes(), answer.token().toBytes())
                : NettyStreamClient.tcp(address, answer.sessionId().toBytes(), answer.token().toBytes());
        try (NettyStreamClient client = builder.connectTimeoutMillis(2_000).connect()) {
            byte[] bytes = client.call(representation.encode(Message.of(request).set(field, value).build()))
                    .get(10, TimeUnit.SECONDS);
            Message reply = representation.decode(response, bytes);
            client.closeGracefully().get(5, TimeUnit.SECONDS);
            return String.valueOf(reply.record().get("return"));
        }
    }

    private static String plainSoap(HhfrServer server, String service, String operation, String body)
            throws Exception {
        RawHttp.Response response = RawHttp.postSoap11(server.port(), "/axis2/services/" + service,
                "urn:" + operation, Envelopes.envelope(Envelopes.SOAP11, body));
        assertEquals(200, response.status, response::toString);
        return Envelopes.singleReturn(response.body);
    }

    @Test
    void aUsersAarStreamsOverTcpAndUdpWhenAxis2XmlEngagesTheModuleFromTheMar() throws Exception {
        Map<String, String> parameters = new HashMap<>(LOOPBACK_STREAMS);
        parameters.put("maxMessageBytes", "65536");
        parameters.put("sessionLifetimeMillis", "120000");
        try (HhfrServer server = serve(greetingRepository("global", UnaryOperator.identity(), parameters))) {
            assertNull(server.moduleFailure());
            String deployedFrom = String.valueOf(server.axisContext().getAxisConfiguration()
                    .getModule(HhfrModule.NAME).getFileName());
            assertTrue(deployedFrom.endsWith(Axis2Repository.MAR), deployedFrom);
            for (String transport : List.of(TCP, UDP)) {
                NegotiationOutcome outcome = callWithOffer(server, "Greeter", "greet", greet("Ana"), transport,
                        "Hello, Ana");
                assertEquals(NegotiationOutcome.Kind.ACCEPTED, outcome.kind(), outcome::toString);
                assertEquals(transport, outcome.answer().transport());
                assertEquals(server.streamPort(transport), outcome.answer().endpoint().port());
                assertEquals(65_536, outcome.answer().policy().maxRequestBytes(), "axis2.xml's maxMessageBytes");
                assertEquals(120_000, outcome.answer().policy().validForMillis(), "axis2.xml's sessionLifetimeMillis");
                assertEquals("Hello, Bo", streamed(outcome.answer(), "name", "Bo"), transport);
            }
        }
    }

    /**
     * An archive whose service reads Axis2's message context only through a helper in a jar of its {@code lib}
     * folder (by name, as code built without Axis2 does): its streamed calls take Axis2's engine, which sets that
     * context up, and answer as its SOAP calls do.
     */
    @Test
    void anAarWhoseHelperInItsLibFolderReadsTheMessageContextStreamsThroughAxis2sEngine() throws Exception {
        Path teller = Axis2Repository.compile(work.resolve("teller"), Map.of(
                "com/example/greeting/Teller.java", "package com.example.greeting;\n"
                        + "public class Teller {\n"
                        + "    public String where(String name) throws Exception {\n"
                        + "        return name + \" over \" + com.example.helpers.Transport.incoming();\n"
                        + "    }\n"
                        + "}\n",
                "com/example/helpers/Transport.java", "package com.example.helpers;\n"
                        + "public final class Transport {\n"
                        + "    public static String incoming() throws Exception {\n"
                        + "        Class<?> contexts = Class.forName(\"org.apache.axis2.context.MessageContext\");\n"
                        + "        Object current = contexts.getMethod(\"getCurrentMessageContext\").invoke(null);\n"
                        + "        return (String) contexts.getMethod(\"getIncomingTransportName\").invoke(current);\n"
                        + "    }\n"
                        + "}\n"));
        Path helper = teller.resolve("com/example/helpers/Transport.class");
        Files.createDirectories(teller.resolve("lib"));
        try (JarOutputStream lib = new JarOutputStream(Files.newOutputStream(teller.resolve("lib/helpers.jar")))) {
            lib.putNextEntry(new JarEntry("com/example/helpers/Transport.class"));
            lib.write(Files.readAllBytes(helper));
        }
        Files.delete(helper);
        Axis2Repository repository = Axis2Repository.in(work.resolve("teller-repository"))
                .module(UnaryOperator.identity()).axis2Xml(true, LOOPBACK_STREAMS)
                .aar("teller.aar", teller, service("Teller", false));
        try (HhfrServer server = serve(repository)) {
            String where = "<ns:where xmlns:ns=\"" + NAMESPACE + "\"><name>Ana</name></ns:where>";
            NegotiationOutcome outcome = callWithOffer(server, "Teller", "where", where, TCP, "Ana over http");
            assertEquals(NegotiationOutcome.Kind.ACCEPTED, outcome.kind(), outcome::toString);

            assertEquals("Bo over " + EnvelopeDispatch.TRANSPORT, streamed(outcome.answer(), "name", "Bo"));
        }
    }

    @Test
    void aRepositorysServicesServedOverHttpsPublishHttpsAddressesAndTheirStreamEndpoints() throws Exception {
        HttpsKeyStore keyStore = DevelopmentCertificate.in(work.resolve("https-keys"));
        Axis2Repository repository = greetingRepository("https", UnaryOperator.identity(), LOOPBACK_STREAMS);
        try (HhfrServer server = HhfrServer.start(ServerSettings.builder().port(0).requestThreads(4)
                .repository(repository.root()).https(keyStore).build())) {
            String wsdl = TrustedHttps.get(server.serviceUrl(TestServers.LOOPBACK, "Greeter") + "?wsdl", keyStore);

            assertTrue(wsdl.contains("<soap:address location=\"https://" + TestServers.LOOPBACK + ":" + server.port()
                    + "/axis2/services/Greeter."), wsdl);
            assertFalse(wsdl.contains("location=\"http:"), "an address no receiver serves");
            assertTrue(wsdl.contains("soapAction=\"urn:greet\""), wsdl);
            assertTrue(wsdl.contains("transport=\"" + TCP + "\" port=\"" + server.streamPort(TCP) + "\"")
                    || wsdl.contains("port=\"" + server.streamPort(TCP) + "\" transport=\"" + TCP + "\""), wsdl);
        }
    }

    @Test
    void aServicesXmlEngagingTheModuleOnOneOfTwoServicesStreamsThatOneOnly() throws Exception {
        Axis2Repository repository = Axis2Repository.in(work.resolve("per-service"))
                .module(UnaryOperator.identity()).axis2Xml(false, LOOPBACK_STREAMS)
                .aar("greeting.aar", classes, "<serviceGroup>" + service("Greeter", true)
                        + service("Counter", false) + "</serviceGroup>");
        try (HhfrServer server = serve(repository)) {
            assertEquals(List.of("Counter", "Greeter"), server.serviceNames());
            NegotiationOutcome greeter = callWithOffer(server, "Greeter", "greet", greet("Ana"), TCP, "Hello, Ana");
            assertEquals(NegotiationOutcome.Kind.ACCEPTED, greeter.kind(), greeter::toString);
            assertEquals("Hello, Bo", streamed(greeter.answer(), "name", "Bo"));

            NegotiationOutcome counter = callWithOffer(server, "Counter", "count", count("a", "b", "c"), TCP, "3");
            assertEquals(NegotiationOutcome.Kind.DECLINED, counter.kind(), counter::toString);
            assertTrue(counter.reason().contains("Counter does not engage the hhfr module"), counter::toString);
            String url = server.serviceUrl(TestServers.LOOPBACK, "Counter");
            NegotiationOutcome explicit = negotiator(url).negotiate(TicketKey.of(url, "count", "-"),
                    Offer.builder().transports(List.of(TCP)).action("urn:count").build(), List.of());
            assertEquals(NegotiationOutcome.Kind.NOT_SUPPORTED, explicit.kind(), explicit::toString);
            List<String> described = server.describe("localhost");
            assertTrue(described.stream().anyMatch(line -> line.startsWith("Counter") && line.contains("plain SOAP")),
                    () -> String.join("\n", described));
            assertTrue(described.stream().anyMatch(line -> line.startsWith("Greeter") && !line.contains("plain SOAP")),
                    () -> String.join("\n", described));
        }
    }

    /** The module failed with {@code reason} on one line; Axis2 answers SOAP, and offers go unanswered. */
    private static void assertTheModuleFailedAndSoapIsServed(HhfrServer server, String reason) throws Exception {
        String failure = server.moduleFailure();
        assertNotNull(failure, "the module must not start");
        assertTrue(failure.contains(reason), failure);
        assertFalse(failure.contains("\n"), failure);
        AxisConfiguration configuration = server.axisContext().getAxisConfiguration();
        assertTrue(configuration.getFaultyModules().values().stream().anyMatch(fault -> fault.contains(reason)),
                () -> "Axis2 lists the module as faulty: " + configuration.getFaultyModules());
        assertEquals(-1, server.streamPort(TCP));
        assertEquals("Hello, Ana", plainSoap(server, "Greeter", "greet", greet("Ana")));
        NegotiationOutcome outcome = callWithOffer(server, "Greeter", "greet", greet("Bo"), TCP, "Hello, Bo");
        assertEquals(NegotiationOutcome.Kind.NOT_SUPPORTED, outcome.kind(), outcome::toString);
        String url = server.serviceUrl(TestServers.LOOPBACK, "Greeter");
        NegotiationOutcome explicit = negotiator(url).negotiate(TicketKey.of(url, "greet", "-"),
                Offer.builder().transports(List.of(TCP)).action("urn:greet").build(), List.of());
        assertEquals(NegotiationOutcome.Kind.NOT_SUPPORTED, explicit.kind(), explicit::toString);
    }

    private static UnaryOperator<String> parameter(String name, String from, String to) {
        return moduleXml -> {
            String before = "<parameter name=\"" + name + "\">" + from + "</parameter>";
            assertTrue(moduleXml.contains(before), "module.xml holds " + before);
            return moduleXml.replace(before, "<parameter name=\"" + name + "\">" + to + "</parameter>");
        };
    }

    @Test
    void aPortOutOfRangeInTheMarFailsTheModuleAndAxis2ServesSoap() throws Exception {
        try (HhfrServer server = serve(greetingRepository("port-out-of-range", parameter("tcpPort", "7410", "70000"),
                Map.of("streamBindHost", TestServers.LOOPBACK, "udpPort", "0")))) {
            assertTheModuleFailedAndSoapIsServed(server, "tcpPort out of range (-1..65535): 70000");
        }
    }

    @Test
    void anUnknownContextStoreInTheMarFailsTheModuleAndAxis2ServesSoap() throws Exception {
        try (HhfrServer server = serve(greetingRepository("unknown-store",
                parameter("contextStore", "memory", "redis"), LOOPBACK_STREAMS))) {
            assertTheModuleFailedAndSoapIsServed(server, "contextStore \"redis\" is unknown");
        }
    }

    @Test
    void aStreamPortInUseFailsTheModuleAndAxis2ServesSoap() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(TestServers.LOOPBACK))) {
            String port = String.valueOf(taken.getLocalPort());
            try (HhfrServer server = serve(greetingRepository("port-in-use", UnaryOperator.identity(),
                    Map.of("streamBindHost", TestServers.LOOPBACK, "tcpPort", port, "udpPort", "0")))) {
                assertTheModuleFailedAndSoapIsServed(server, "cannot listen for streams on " + TestServers.LOOPBACK
                        + " (TCP port " + port + ", UDP port 0)");
            }
        }
    }

    @Test
    void closingTheServerShutsTheModuleDownAndFreesItsStreamPorts() throws Exception {
        int tcpPort;
        try (HhfrServer server = serve(greetingRepository("shutdown", UnaryOperator.identity(), LOOPBACK_STREAMS))) {
            tcpPort = server.streamPort(TCP);
            assertNotEquals(-1, tcpPort);
        }
        try (ServerSocket again = new ServerSocket(tcpPort, 1, InetAddress.getByName(TestServers.LOOPBACK))) {
            assertEquals(tcpPort, again.getLocalPort(), "the module's shutdown closed the TCP listener");
        }
    }

    @Test
    void theSampleServerDoesNotStartWhenItsModuleCannot() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(TestServers.LOOPBACK))) {
            IOException refused = assertThrows(IOException.class,
                    () -> HhfrServer.start(TestServers.loopback()
                            .streams(TestServers.LOOPBACK, null, taken.getLocalPort(), 0).build()).close());
            assertTrue(refused.getMessage().startsWith("HHFR module not started: cannot listen for streams on "
                    + TestServers.LOOPBACK + " (TCP port " + taken.getLocalPort()), refused.getMessage());
        }
    }

    @Test
    void aCorruptAarIsAxis2sDeploymentErrorAndTheModuleKeepsStreaming() throws Exception {
        Axis2Repository repository = greetingRepository("corrupt-aar", UnaryOperator.identity(), LOOPBACK_STREAMS)
                .serviceFile("broken.aar", "not an archive".getBytes(StandardCharsets.UTF_8));
        try (HhfrServer server = serve(repository)) {
            Map<String, String> faulty = server.axisContext().getAxisConfiguration().getFaultyServices();
            assertTrue(faulty.keySet().stream().anyMatch(key -> key.contains("broken.aar")), faulty::toString);
            assertNull(server.moduleFailure());
            assertNotEquals(-1, server.streamPort(TCP));
            NegotiationOutcome outcome = callWithOffer(server, "Greeter", "greet", greet("Ana"), TCP, "Hello, Ana");
            assertEquals(NegotiationOutcome.Kind.ACCEPTED, outcome.kind(), outcome::toString);
            assertEquals("Hello, Bo", streamed(outcome.answer(), "name", "Bo"));
        }
    }
}
