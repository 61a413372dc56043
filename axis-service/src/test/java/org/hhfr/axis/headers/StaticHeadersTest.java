package org.hhfr.axis.headers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.ServerSettings;
import org.hhfr.client.CallOptions;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Mode;
import org.hhfr.client.Operation;
import org.hhfr.client.Session;
import org.hhfr.client.WsdlOperations;
import org.hhfr.streamer.Message;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A client's static header reaches the service's Axis2 handler with every call, streamed ones included, while
 * it crosses the network once: in the negotiating SOAP call, never on the stream. A call's own header travels
 * with its stream message and follows the static one. The stream's bytes are captured by a relay between the
 * client and the stream server (the server listens on 127.0.0.2 and tells clients 127.0.0.1, where the relay
 * is).
 */
@Timeout(120)
class StaticHeadersTest {
    private static final String TENANT_NS = "urn:test:tenant";
    private static final String TENANT_ID = "tenant-7f3a9c";
    private static final String TENANT = "<t:Tenant xmlns:t=\"" + TENANT_NS + "\">" + TENANT_ID + "</t:Tenant>";
    private static final String TRACE_NS = "urn:test:trace";

    /** Per call the handler saw: "stream" or "soap", the tenant, the trace. */
    private static final List<List<String>> SEEN = new CopyOnWriteArrayList<>();

    private static HhfrServer server;
    /** Read once from the service's WSDL and shared by the tests' clients. */
    private static Operation concatOperation;
    private static CapturingRelay relay;

    @BeforeAll
    static void start() throws IOException {
        int port = CapturingRelay.freePort("127.0.0.2");
        server = HhfrServer.start(ServerSettings.builder().port(0).requestThreads(2)
                .streams("127.0.0.2", "127.0.0.1", port, ServerSettings.NOT_SERVED).build());
        relay = new CapturingRelay(new InetSocketAddress("127.0.0.1", port), new InetSocketAddress("127.0.0.2", port));
        CallGuard.engage(server.axisContext().getAxisConfiguration(), "StringConcat", "header-recorder",
                call -> SEEN.add(List.of(CallGuard.streamed(call) ? "stream" : "soap",
                        String.valueOf(CallGuard.headerText(call, TENANT_NS, "Tenant")),
                        String.valueOf(CallGuard.headerText(call, TRACE_NS, "Trace")))));
        try (HhfrClient reader = HhfrClient.builder(server.serviceUrl("127.0.0.1", "StringConcat")).build()) {
            concatOperation = WsdlOperations.fetch(reader).operation("concat");
        }
    }

    @AfterAll
    static void stop() throws IOException {
        relay.close();
        server.close();
    }

    @BeforeEach
    void forget() {
        SEEN.clear();
    }

    @Test
    void theServiceSeesTheStaticHeaderOnEveryCallWhileTheStreamNeverCarriesIt() throws Exception {
        try (HhfrClient client = client()) {
            Session concat = client.open(concatOperation);
            for (int i = 0; i < 100; i++) {
                assertEquals("a" + i, concat.call(request(concat, i)).record().string("return"));
            }
            assertEquals(Mode.HHFR_TCP, concat.mode());
        }
        // The WSDL advertises the stream endpoint: the session negotiates with a request of its own (the handler
        // sees it over SOAP, with the static header) and every call, the first included, streams.
        assertEquals(101, SEEN.size());
        for (List<String> call : SEEN) {
            assertEquals(TENANT_ID, call.get(1), "a call without the static header: " + call);
        }
        assertEquals("soap", SEEN.get(0).get(0), "the negotiation goes over SOAP");
        assertEquals(100, SEEN.stream().filter(call -> call.get(0).equals("stream")).count());
        String wire = new String(relay.clientBytes(), StandardCharsets.ISO_8859_1);
        assertTrue(wire.length() > 100 * 4, "the relay saw the 100 streamed calls: " + wire.length() + " bytes");
        assertFalse(wire.contains(TENANT_ID), "the static header crossed the stream");
        assertFalse(wire.contains(TENANT_NS), "the static header crossed the stream");
    }

    @Test
    void aCallsOwnHeaderTravelsWithItsStreamMessageAfterTheStaticOne() throws Exception {
        try (HhfrClient client = client()) {
            Session concat = client.open(concatOperation);
            concat.call(request(concat, 0));
            for (int i = 1; i <= 3; i++) {
                CallOptions traced = CallOptions.defaults().withHeader("<x:Trace xmlns:x=\"" + TRACE_NS + "\">trace-"
                        + i + "</x:Trace>");
                assertEquals("a" + i, concat.call(request(concat, i), traced).record().string("return"));
            }
            assertEquals(Mode.HHFR_TCP, concat.mode());
        }
        assertEquals(List.of("stream", TENANT_ID, "trace-3"), SEEN.get(SEEN.size() - 1));
        String wire = new String(relay.clientBytes(), StandardCharsets.UTF_8);
        assertTrue(wire.contains(">trace-3<"), "the call's header travels on the stream");
        assertFalse(wire.contains(TENANT_ID), "the static header crossed the stream");
    }

    @Test
    void overSoapEveryEnvelopeCarriesTheStaticHeaderAndTheCallsOwn() throws Exception {
        try (HhfrClient client = HhfrClient.builder(server.serviceUrl("127.0.0.1", "StringConcat"))
                .staticHeader(TENANT).preferredModes(Mode.SOAP).build()) {
            Session concat = client.open(concatOperation);
            concat.call(request(concat, 0));
            concat.call(request(concat, 1), CallOptions.defaults().withHeader("<x:Trace xmlns:x=\"" + TRACE_NS
                    + "\">trace-soap</x:Trace>"));
            assertEquals(Mode.SOAP, concat.mode());
        }
        assertEquals(List.of(List.of("soap", TENANT_ID, "null"), List.of("soap", TENANT_ID, "trace-soap")), SEEN);
    }

    @Test
    void aHeaderThatIsNotOneWellFormedElementIsRefusedWhenGiven() {
        HhfrClient.Builder builder = HhfrClient.builder(server.serviceUrl("127.0.0.1", "StringConcat"));
        for (String bad : List.of("", "text", "<a>", "<a/><b/>", "<p:a/>")) {
            assertThrows(IllegalArgumentException.class, () -> builder.staticHeader(bad), bad);
            assertThrows(IllegalArgumentException.class, () -> CallOptions.defaults().withHeader(bad), bad);
        }
    }

    private static HhfrClient client() {
        return HhfrClient.builder(server.serviceUrl("127.0.0.1", "StringConcat")).staticHeader(TENANT)
                .preferredModes(Mode.HHFR_TCP).build();
    }

    private static Message request(Session concat, int i) {
        return concat.newRequest().set("parts", new String[] {"a", String.valueOf(i)}).build();
    }
}
