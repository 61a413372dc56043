package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.axis2.description.AxisService;
import org.hhfr.axis.module.HhfrModule;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.staffing.WorkersReceiver;
import org.hhfr.axis.stream.EnvelopeDispatch;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Mode;
import org.hhfr.client.Operation;
import org.hhfr.client.Session;
import org.hhfr.client.WsdlOperations;
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
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.SchemaParser;
import org.hhfr.streamer.BinaryRepresentation;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Record;
import org.hhfr.streamer.Representation;
import org.hhfr.streamer.Representations;
import org.hhfr.streamer.XmlRepresentation;
import org.hhfr.transports.netty.NettyStreamClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A service written WSDL first streams as it answers over SOAP: an Axis2 service built from its own document/literal
 * WSDL (shaped as Workday's and WCF's are, and served as written at {@code ?wsdl}), answered by a message receiver
 * working on the request's XML ({@link WorkersReceiver}: no POJO, so streamed calls run through Axis2's engine with
 * the rebuilt envelope). Its request and response hold identifiers of simple content (text with a required
 * attribute, several of them), an {@code xs:choice} (each alternative), a named group's elements, a type derived by
 * {@code xs:complexContent} extension and a global attribute referred to, optional attributes absent and present.
 * Negotiated over SOAP and called in binary over one TCP stream, and called by the real client from the WSDL it
 * compiles, every streamed response equals the response the same request gets over plain SOAP.
 */
class WsdlFirstServiceStreamTest {
    private static final String SERVICE = "Staffing";
    private static final String ACTION = "urn:org.hhfr/staffing/Get_Workers";
    private static final XmlRepresentation XML = new XmlRepresentation();
    /** Three workers by reference: two identifiers and a descriptor, three and none, none and none; page 2. */
    private static final String BY_REFERENCE = getWorkers("v45.1",
            reference("Logan McNeil", id("WID", "3aa5550b7fe348b98d7b5741afc65534"), id("Employee_ID", "e-21001")),
            reference(null, id("Contingent_Worker_ID", "c-7"), id("WID", "0e44c92f"), id("WID", "")),
            reference(null), "<wd:Page>2</wd:Page>");

    private static HhfrServer server;
    private static Answer answer;
    private static DataStructure request;
    private static DataStructure response;
    private static NettyStreamClient stream;

    @BeforeAll
    static void start() throws Exception {
        server = HhfrServer.start(TestServers.loopback().build());
        TestServers.deploy(server, WorkersReceiver.class.getResource(WorkersReceiver.WSDL), new WorkersReceiver());
        String url = server.serviceUrl(TestServers.LOOPBACK, SERVICE);
        Negotiator negotiator = new Negotiator(new SoapHttpClient(new URL(url), 2_000, 10_000, SoapLimits.defaults()),
                SoapVersion.SOAP_11, new NegotiationReader(NegotiationLimits.defaults()), new ResumptionTicketCache());
        NegotiationOutcome outcome = negotiator.negotiate(TicketKey.of(url, "Get_Workers", "-"),
                Offer.builder().action(ACTION).transports(List.of(HhfrUris.TRANSPORT_TCP)).build(), List.of());
        assertEquals(NegotiationOutcome.Kind.ACCEPTED, outcome.kind(), outcome::toString);
        answer = outcome.answer();
        SchemaParser parser = new SchemaParser().perComponent();
        request = parser.parse(answer.schemas().request().xsd()).dataStructure(answer.schemas().request().element());
        response = parser.parse(answer.schemas().response().xsd())
                .dataStructure(answer.schemas().response().element());
        stream = NettyStreamClient.tcp(new InetSocketAddress(answer.endpoint().host(), answer.endpoint().port()),
                answer.sessionId().toBytes(), answer.token().toBytes()).connectTimeoutMillis(2_000).connect();
    }

    @AfterAll
    static void stop() throws IOException {
        stream.close();
        server.close();
    }

    /** The response {@code requestXml} gets over the stream, after checking that it is the one it gets over SOAP. */
    private static Record streamsAsOverSoap(String requestXml) throws Exception {
        Representation binary = Representations.standard().get(answer.representation());
        byte[] answered = stream.call(binary.encode(XML.decode(request, requestXml))).get(10, TimeUnit.SECONDS);
        Message streamed = binary.decode(response, answered);
        assertEquals(overSoap(requestXml), streamed);
        return streamed.record();
    }

    /** The response to {@code requestXml} as a plain SOAP call, read with the negotiated structure. */
    private static Message overSoap(String requestXml) throws Exception {
        RawHttp.Response answered = RawHttp.postSoap11(server.port(), "/axis2/services/" + SERVICE, ACTION,
                Envelopes.envelope(Envelopes.SOAP11, requestXml));
        assertEquals(200, answered.status, answered::toString);
        return new SoapEnvelopeReader(SoapLimits.defaults()).read(new ByteArrayInputStream(
                answered.body.getBytes(StandardCharsets.UTF_8)), MessageBody.reader(XML, response)).body();
    }

    /** A {@code Get_Workers_Request} with the {@code version} attribute (none when null) and {@code content}. */
    private static String getWorkers(String version, String... content) {
        return "<wd:Get_Workers_Request xmlns:wd=\"" + WorkersReceiver.NS + "\""
                + (version == null ? "" : " wd:version=\"" + version + "\"") + ">" + String.join("", content)
                + "</wd:Get_Workers_Request>";
    }

    /** A {@code Worker_Reference} with the {@code Descriptor} attribute (none when null) and its {@code ids}. */
    private static String reference(String descriptor, String... ids) {
        return "<wd:Worker_Reference" + (descriptor == null ? "" : " wd:Descriptor=\"" + descriptor + "\"") + ">"
                + String.join("", ids) + "</wd:Worker_Reference>";
    }

    private static String id(String type, String text) {
        return "<wd:ID wd:type=\"" + type + "\">" + text + "</wd:ID>";
    }

    private static String criteria(String prefix, String more) {
        return "<wd:Request_Criteria><wd:Name_Prefix>" + prefix + "</wd:Name_Prefix>" + more + "</wd:Request_Criteria>";
    }

    /** Workers by criteria (prefix {@code mc}), excluding inactive ones as {@code exclude} says (empty: unsaid). */
    private static String byCriteria(String exclude) {
        return getWorkers(null, criteria("mc", exclude.isEmpty() ? ""
                : "<wd:Exclude_Inactive_Workers>" + exclude + "</wd:Exclude_Inactive_Workers>"),
                "<wd:Count>10</wd:Count>");
    }

    /** A worker's identifiers, each as {@code type:text}. */
    private static String[] ids(Record worker) {
        return Arrays.stream(worker.record("Worker_Reference").records("ID"))
                .map(id -> id.attribute("type") + ":" + id.get(ComplexType.SIMPLE_CONTENT)).toArray(String[]::new);
    }

    @Test
    void theStreamIsNegotiatedFromTheWsdlAxis2ServesAsWritten() throws Exception {
        String wsdl = RawHttp.get(server.port(), "/axis2/services/" + SERVICE + "?wsdl").body;
        for (String construct : List.of("<xsd:simpleContent>", "<xsd:choice>", "<xsd:complexContent>",
                "<xsd:group ref=\"wd:Response_FilterGroup\"/>", "<xsd:attribute ref=\"wd:version\"/>")) {
            assertTrue(wsdl.contains(construct), construct + " served: " + wsdl);
            assertTrue(answer.schemas().request().xsd().contains(construct), construct + " negotiated");
        }
        assertEquals(BinaryRepresentation.URI, answer.representation());
        assertInstanceOf(EnvelopeDispatch.class, server.streamDispatcher().dispatcherFor(
                server.negotiation().admit(answer.sessionId().text(), answer.token().text())));
        ComplexType reference = request.root().complexType().elements().get(0).complexType();
        assertTrue(reference.elements().get(0).complexType().hasSimpleContent(), reference::toString);
    }

    @Test
    void workersAskedByReferenceWithSeveralIdentifiersStreamAsOverSoap() throws Exception {
        Record answered = streamsAsOverSoap(BY_REFERENCE);

        assertEquals("v45.1", answered.attribute("version"));
        assertEquals(2, answered.record("Response_Results").intValue("Page"));
        assertNull(answered.record("Response_Results").get("Count"));
        assertEquals(3, answered.record("Response_Results").intValue("Total_Results"));
        Record[] workers = answered.records("Worker");
        assertArrayEquals(new String[] {"WID:3AA5550B7FE348B98D7B5741AFC65534", "Employee_ID:E-21001"},
                ids(workers[0]));
        assertEquals("Logan McNeil", workers[0].record("Worker_Reference").attribute("Descriptor"));
        assertEquals("Logan McNeil", workers[0].string("Name"));
        assertArrayEquals(new String[] {"Contingent_Worker_ID:C-7", "WID:0E44C92F", "WID:"}, ids(workers[1]));
        assertNull(workers[1].record("Worker_Reference").attribute("Descriptor"));
        assertEquals("c-7", workers[1].string("Name"));
        assertArrayEquals(new String[0], ids(workers[2]));
        assertEquals(3, workers[2].intValue("Matched_By_Reference"));
        assertNull(workers[2].get("Matched_By_Criteria"));
    }

    @Test
    void workersAskedByCriteriaStreamAsOverSoap() throws Exception {
        for (String exclude : new String[] {"", "false", "true"}) {
            Record answered = streamsAsOverSoap(byCriteria(exclude));

            assertNull(answered.attribute("version"));
            assertNull(answered.record("Response_Results").get("Page"));
            assertEquals(10, answered.record("Response_Results").intValue("Count"));
            Record worker = answered.records("Worker")[0];
            assertArrayEquals(new String[] {"Employee_ID:MC-1"}, ids(worker));
            assertEquals("mc", worker.string("Matched_By_Criteria"));
            assertNull(worker.get("Matched_By_Reference"));
            assertEquals(exclude.isEmpty() ? null : !Boolean.parseBoolean(exclude), worker.attribute("Inactive"));
        }
    }

    @Test
    void theClientCompilesTheServedWsdlAndItsCallsAnswerAsOverSoap() throws Exception {
        try (HhfrClient client = HhfrClient.builder(server.serviceUrl(TestServers.LOOPBACK, SERVICE))
                .callTimeoutMillis(15_000).preferredModes(Mode.HHFR_TCP).build()) {
            Operation getWorkers = WsdlOperations.fetch(client).operation("Get_Workers");
            assertEquals(request.fingerprint(), getWorkers.request().fingerprint());
            assertEquals(response.fingerprint(), getWorkers.response().fingerprint());
            try (Session session = client.open(getWorkers)) {
                for (String requestXml : List.of(BY_REFERENCE, byCriteria("true"), BY_REFERENCE, byCriteria(""))) {
                    assertEquals(overSoap(requestXml), session.call(XML.decode(getWorkers.request(), requestXml)));
                }
                assertEquals(Mode.HHFR_TCP, session.mode());
            }
        }
    }

    /**
     * Axis2 prints a WSDL served as written from its own document, not from the service's bindings: the stream
     * endpoints' policy is written into it (once, however often the module attaches it), so a first session from
     * it opens its stream while it negotiates, as one from a generated WSDL does.
     */
    @Test
    void theWsdlServedAsWrittenAdvertisesTheStreamEndpointsOnce() throws Exception {
        Document wsdl = Envelopes.parse(RawHttp.get(server.port(), "/axis2/services/" + SERVICE + "?wsdl").body);
        NodeList assertions = AdvertisedStreamEndpointTest.streamEndpoints(server, wsdl);
        NodeList bindings = wsdl.getElementsByTagNameNS("http://schemas.xmlsoap.org/wsdl/", "binding");
        for (int i = 0; i < bindings.getLength(); i++) {
            NodeList references = ((Element) bindings.item(i)).getElementsByTagNameNS(
                    assertions.item(0).getParentNode().getNamespaceURI(), "PolicyReference");
            assertEquals(1, references.getLength());
            assertEquals("#HhfrStreamEndpoints", ((Element) references.item(0)).getAttribute("URI"));
        }
        try (HhfrClient client = HhfrClient.builder(server.serviceUrl(TestServers.LOOPBACK, SERVICE)).build()) {
            assertEquals(2, WsdlOperations.fetch(client).description().advertisedEndpoints().size());
        }
    }

    /**
     * Axis2 prints a WSDL served as written holding the service's lock (wsdl4j's definitions are not safe to
     * change while written): the policy is attached again only once a print under way is done.
     */
    @Test
    void thePolicyIsAttachedToTheWsdlServedAsWrittenOnlyOnceAPrintUnderWayIsDone() throws Exception {
        AxisService service = server.axisContext().getAxisConfiguration().getService(SERVICE);
        CountDownLatch printing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread print = new Thread(() -> {
            try {
                service.printUserWSDL(new OutputStream() {
                    @Override
                    public void write(int b) {
                        write(new byte[] {(byte) b}, 0, 1);
                    }

                    @Override
                    public void write(byte[] bytes, int offset, int length) {
                        printing.countDown();
                        try {
                            release.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }, null);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        print.start();
        assertTrue(printing.await(10, TimeUnit.SECONDS));
        Thread attach = new Thread(() -> HhfrModule.advertiseStreamEndpointsOn(service));
        attach.start();
        attach.join(500);
        boolean waited = attach.isAlive();
        release.countDown();
        attach.join(10_000);
        print.join(10_000);
        assertTrue(waited, "attached while the WSDL was being printed");
        assertFalse(attach.isAlive());
    }

    /**
     * A WSDL whose binding is in a document it imports: that document holds the policy its binding refers to
     * ({@code #HhfrStreamEndpoints} is a reference within the document), as the importing one does.
     */
    @Test
    void aBindingInAnImportedWsdlRefersToAPolicyInItsOwnDocument(@TempDir Path documents) throws Exception {
        String whole;
        try (InputStream in = WorkersReceiver.class.getResourceAsStream(WorkersReceiver.WSDL)) {
            whole = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int service = whole.indexOf("<wsdl:service");
        Files.writeString(documents.resolve("bindings.wsdl"),
                whole.substring(0, service) + whole.substring(whole.indexOf("</wsdl:definitions>")));
        Files.writeString(documents.resolve("service.wsdl"), whole.substring(0, whole.indexOf("<wsdl:types>"))
                + "<wsdl:import namespace=\"" + WorkersReceiver.NS + "\" location=\"bindings.wsdl\"/>"
                + whole.substring(service).replace("<wsdl:service name=\"Staffing\">",
                        "<wsdl:service name=\"SplitStaffing\">"));
        TestServers.deploy(server, documents.resolve("service.wsdl").toUri().toURL(), new WorkersReceiver());

        Document imported = Envelopes.parse(RawHttp.get(server.port(),
                "/axis2/services/SplitStaffing?wsdl=bindings.wsdl").body);
        NodeList assertions = AdvertisedStreamEndpointTest.streamEndpoints(server, imported);
        String wsp = assertions.item(0).getParentNode().getNamespaceURI();
        Element reference = (Element) imported.getElementsByTagNameNS(wsp, "PolicyReference").item(0);
        assertEquals("binding", reference.getParentNode().getLocalName());
        Element policy = (Element) imported.getElementsByTagNameNS(wsp, "Policy").item(0);
        assertEquals(reference.getAttribute("URI"), "#" + policy.getAttributeNS(
                "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd", "Id"));
    }
}
