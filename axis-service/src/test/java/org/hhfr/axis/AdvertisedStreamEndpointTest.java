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
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A service the module is engaged on advertises its stream endpoints in its WSDL (an optional WS-Policy
 * assertion every SOAP binding references), so a client's first contact, holding no ticket and no endpoint from
 * an earlier grant, opens the stream while it negotiates and runs every call on it, the first included; without
 * the advertisement that first call rides the negotiation over SOAP. A description compiled from the WSDL keeps
 * the advertisement; one that names another host than the SOAP endpoint's (here an address where the client
 * named the host) is not taken.
 */
@Timeout(60)
class AdvertisedStreamEndpointTest {
    private static final String WSP = "http://www.w3.org/ns/ws-policy";
    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    private static final String STREAMED_IN = "hhfr_stream_messages_total{direction=\"in\",transport=\"tcp\"}";
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
        NodeList assertions = wsdl.getElementsByTagNameNS(HhfrUris.NAMESPACE, AdvertisedEndpoint.ELEMENT);
        assertEquals(2, assertions.getLength(), "TCP and UDP");
        for (int i = 0; i < assertions.getLength(); i++) {
            Element assertion = (Element) assertions.item(i);
            String transport = assertion.getAttribute("transport");
            assertEquals(Integer.toString(server.streamPort(transport)), assertion.getAttribute("port"), transport);
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

    @Test
    void aFirstContactFromTheWsdlRunsEveryCallTheFirstIncludedOnTheStream() throws Exception {
        try (HhfrClient client = client()) {
            assertEquals(CALLS, streamedCalls(client, WsdlOperations.fetch(client).operation("sum")));
        }
    }

    @Test
    void withoutTheAdvertisementTheFirstCallRidesTheNegotiationOverSoap() throws Exception {
        try (HhfrClient client = client()) {
            Operation advertised = WsdlOperations.fetch(client).operation("sum");
            Operation plain = Operation.of(advertised.soapAction(), advertised.request(), advertised.response());
            assertEquals(CALLS - 1, streamedCalls(client, plain));
        }
    }

    @Test
    void aDescriptionCompiledFromTheWsdlKeepsTheAdvertisement() throws Exception {
        try (HhfrClient client = client()) {
            ServiceDescription description = WsdlOperations.fetch(client).description();
            assertEquals(2, description.advertisedEndpoints().size());
            Operation compiled = CompiledOperations.read(ServiceDescriptionWriter.write(description)).operation("sum");
            assertEquals(CALLS, streamedCalls(client, compiled));
        }
    }

    @Test
    void anAdvertisementNamingAnotherHostIsNotTaken() throws Exception {
        try (HhfrClient client = client()) {
            ServiceDescription fetched = WsdlOperations.fetch(client).description();
            ServiceDescription elsewhere = ServiceDescription.of(fetched.operations(), List.of(AdvertisedEndpoint.of(
                    HhfrUris.TRANSPORT_TCP, server.streamPort(HhfrUris.TRANSPORT_TCP), TestServers.LOOPBACK)));
            Operation compiled = CompiledOperations.read(ServiceDescriptionWriter.write(elsewhere)).operation("sum");
            assertEquals(CALLS - 1, streamedCalls(client, compiled));
        }
    }

    /**
     * A client as an app makes it: a fresh ticket cache, calls negotiating on the first one, the service named by
     * a host name (which the client resolves to the address the server grants streams at).
     */
    private static HhfrClient client() {
        return HhfrClient.builder(server.serviceUrl("localhost", "FloatSum")).callTimeoutMillis(15_000).build();
    }

    /** Starts {@link #CALLS} calls at once on a new session; all answered right, how many ran on the stream. */
    private static double streamedCalls(HhfrClient client, Operation sum) throws Exception {
        String before = admin.scrape();
        try (Session session = client.open(sum)) {
            List<CompletableFuture<Message>> calls = new ArrayList<>();
            for (int i = 0; i < CALLS; i++) {
                calls.add(session.callAsync(session.newRequest().set("values", new float[] {i, 0.5f}).build()));
            }
            for (int i = 0; i < CALLS; i++) {
                assertEquals(i + 0.5f, calls.get(i).get(15, TimeUnit.SECONDS).record().floatValue("return"));
            }
            assertEquals(Mode.HHFR_TCP, session.mode());
        }
        String after = admin.scrape();
        assertTrue(sample(after, "hhfr_negotiations_accepted_total{resumed=\"false\",transport=\"tcp\"}")
                > sample(before, "hhfr_negotiations_accepted_total{resumed=\"false\",transport=\"tcp\"}"));
        return sample(after, STREAMED_IN) - sample(before, STREAMED_IN);
    }
}
