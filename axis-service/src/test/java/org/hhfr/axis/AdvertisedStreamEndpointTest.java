package org.hhfr.axis;

import static org.hhfr.axis.AdminEndpoint.sample;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.hhfr.axis.admin.AdminSettings;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.client.CompiledOperations;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Mode;
import org.hhfr.client.Operation;
import org.hhfr.client.Session;
import org.hhfr.client.WsdlOperations;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.description.AdvertisedEndpoint;
import org.hhfr.negotiation.description.ServiceDescription;
import org.hhfr.negotiation.description.ServiceDescriptionWriter;
import org.hhfr.streamer.Message;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A service the module is engaged on advertises its stream endpoints in its WSDL (an optional WS-Policy
 * assertion every SOAP binding references), so a client's first contact, holding no ticket and no endpoint from
 * an earlier grant, opens the stream while it negotiates and runs every call on it, the first included; without
 * the advertisement that first call rides the negotiation over SOAP. A description compiled from the WSDL keeps
 * the advertisement; one that names another host than the SOAP endpoint's (here an address where the client
 * named the host) is not taken. Over UDP too: the client's first datagrams, flagged early, wait at the server for
 * the session its negotiation stores (that they wait, and run only then, is {@code EarlyDatagramTest}'s).
 */
@Timeout(60)
class AdvertisedStreamEndpointTest {
    private static final String WSP = "http://www.w3.org/ns/ws-policy";
    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    private static final int CALLS = 10;
    private static HhfrServer server;
    private static AdminEndpoint admin;

    @BeforeAll
    static void start() throws IOException {
        // No advertised host: answers name the address each client reached, and so does the WSDL's advertisement.
        server = HhfrServer.start(TestServers.loopback().streams(TestServers.LOOPBACK, null, 0, 0)
                .moduleParameter(AdminSettings.PORT, "0").build());
        admin = new AdminEndpoint(server.adminPort());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void theWsdlAdvertisesEachStreamEndpointInAnOptionalPolicyEveryBindingReferences() throws Exception {
        Document wsdl = Envelopes.parse(RawHttp.get(server.port(), "/axis2/services/FloatSum?wsdl").body);
        NodeList assertions = streamEndpoints(server, wsdl);
        for (int i = 0; i < assertions.getLength(); i++) {
            Element assertion = (Element) assertions.item(i);
            assertEquals("true", assertion.getAttributeNS(WSP, "Optional"));
            assertEquals("", assertion.getAttribute("host"), "no host configured: the address a client reached");
        }
        Element policy = (Element) assertions.item(0).getParentNode().getParentNode().getParentNode();
        assertEquals("Policy", policy.getLocalName());
        String id = policy.getAttributeNS("http://docs.oasis-open.org/wss/2004/01/"
                + "oasis-200401-wss-wssecurity-utility-1.0.xsd", "Id");
        NodeList bindings = wsdl.getElementsByTagNameNS(WSDL, "binding");
        assertEquals(2, bindings.getLength());
        for (int i = 0; i < bindings.getLength(); i++) {
            NodeList references = ((Element) bindings.item(i)).getElementsByTagNameNS(WSP, "PolicyReference");
            assertEquals(1, references.getLength());
            assertEquals("#" + id, ((Element) references.item(0)).getAttribute("URI"));
        }
    }

    /** The stream endpoint assertions of {@code wsdl}: one for TCP and one for UDP, each with its port. */
    static NodeList streamEndpoints(HhfrServer server, Document wsdl) {
        NodeList assertions = wsdl.getElementsByTagNameNS(HhfrUris.NAMESPACE, AdvertisedEndpoint.ELEMENT);
        assertEquals(2, assertions.getLength(), "TCP and UDP");
        for (int i = 0; i < assertions.getLength(); i++) {
            Element assertion = (Element) assertions.item(i);
            String transport = assertion.getAttribute("transport");
            assertEquals(Integer.toString(server.streamPort(transport)), assertion.getAttribute("port"), transport);
        }
        return assertions;
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"HHFR_TCP", "HHFR_UDP"})
    void aFirstContactFromTheWsdlRunsEveryCallTheFirstIncludedOnTheStream(Mode mode) throws Exception {
        try (HhfrClient client = client(mode)) {
            assertEquals(CALLS, streamedCalls(client, WsdlOperations.fetch(client).operation("sum"), mode));
        }
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"HHFR_TCP", "HHFR_UDP"})
    void withoutTheAdvertisementTheFirstCallRidesTheNegotiationOverSoap(Mode mode) throws Exception {
        try (HhfrClient client = client(mode)) {
            Operation advertised = WsdlOperations.fetch(client).operation("sum");
            Operation plain = Operation.of(advertised.soapAction(), advertised.request(), advertised.response());
            assertEquals(CALLS - 1, streamedCalls(client, plain, mode));
        }
    }

    @Test
    void aClientPreferringUdpTakesTheAdvertisedUdpEndpointThoughTcpIsAdvertisedFirst() throws Exception {
        try (HhfrClient client = client(Mode.HHFR_UDP, Mode.HHFR_TCP)) {
            assertEquals(CALLS, streamedCalls(client, WsdlOperations.fetch(client).operation("sum"), Mode.HHFR_UDP));
        }
    }

    @Test
    void aDescriptionCompiledFromTheWsdlKeepsTheAdvertisement() throws Exception {
        try (HhfrClient client = client(Mode.HHFR_TCP)) {
            ServiceDescription description = WsdlOperations.fetch(client).description();
            assertEquals(2, description.advertisedEndpoints().size());
            Operation compiled = CompiledOperations.read(ServiceDescriptionWriter.write(description)).operation("sum");
            assertEquals(CALLS, streamedCalls(client, compiled, Mode.HHFR_TCP));
        }
    }

    @Test
    void anAdvertisementNamingAnotherHostIsNotTaken() throws Exception {
        try (HhfrClient client = client(Mode.HHFR_TCP)) {
            ServiceDescription fetched = WsdlOperations.fetch(client).description();
            ServiceDescription elsewhere = ServiceDescription.of(fetched.operations(), List.of(AdvertisedEndpoint.of(
                    HhfrUris.TRANSPORT_TCP, server.streamPort(HhfrUris.TRANSPORT_TCP), TestServers.LOOPBACK)));
            Operation compiled = CompiledOperations.read(ServiceDescriptionWriter.write(elsewhere)).operation("sum");
            assertEquals(CALLS - 1, streamedCalls(client, compiled, Mode.HHFR_TCP));
        }
    }

    /**
     * A client as an app makes it: a fresh ticket cache, calls negotiating on the first one, the service named by
     * a host name (which the client resolves to the address the server grants streams at), preferring
     * {@code modes}.
     */
    private static HhfrClient client(Mode... modes) {
        return HhfrClient.builder(server.serviceUrl("localhost", "FloatSum")).callTimeoutMillis(15_000)
                .preferredModes(modes).build();
    }

    /**
     * Starts {@link #CALLS} calls at once on a new session; all answered right, the session on {@code mode}; how
     * many ran on the stream.
     */
    private static double streamedCalls(HhfrClient client, Operation sum, Mode mode) throws Exception {
        String transport = mode == Mode.HHFR_TCP ? "tcp" : "udp";
        String streamedIn = "hhfr_stream_messages_total{direction=\"in\",transport=\"" + transport + "\"}";
        String accepted = "hhfr_negotiations_accepted_total{resumed=\"false\",transport=\"" + transport + "\"}";
        String before = admin.scrape();
        try (Session session = client.open(sum)) {
            List<CompletableFuture<Message>> calls = new ArrayList<>();
            for (int i = 0; i < CALLS; i++) {
                calls.add(session.callAsync(session.newRequest().set("values", new float[] {i, 0.5f}).build()));
            }
            for (int i = 0; i < CALLS; i++) {
                assertEquals(i + 0.5f, calls.get(i).get(15, TimeUnit.SECONDS).record().floatValue("return"));
            }
            assertEquals(mode, session.mode());
        }
        String after = admin.scrape();
        assertTrue(sample(after, accepted) > sample(before, accepted));
        return sample(after, streamedIn) - sample(before, streamedIn);
    }
}
