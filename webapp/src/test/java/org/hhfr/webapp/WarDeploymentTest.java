package org.hhfr.webapp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import jakarta.xml.bind.JAXBElement;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.jaxws.endpoint.dynamic.JaxWsDynamicClientFactory;
import org.hhfr.client.EventListener;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Mode;
import org.hhfr.client.ServiceFaultException;
import org.hhfr.client.Session;
import org.hhfr.client.WsdlOperations;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Record;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The WAR on a real servlet container: Maven's exploded WAR runs in an embedded Tomcat 11 (AxisServlet, the
 * hhfr module from {@code WEB-INF/modules}, engaged by {@code axis2.xml}); a user's POJO service is then
 * hot-deployed as an {@code .aar} and called with the client library in each mode, over plain SOAP, an HHFR
 * TCP stream and an HHFR UDP stream, with the same answers and the same faults; and with a third-party SOAP
 * client (Apache CXF) beside them.
 */
@Timeout(120)
class WarDeploymentTest {
    private static final long DEPLOYMENT_TIMEOUT_MILLIS = 30_000;
    /** Axis2 names a POJO service's namespace after its package. */
    private static final String FLEET_NAMESPACE = "http://fleet.webapp.hhfr.org";

    /** Why sessions fell back to SOAP, for the failure messages. */
    private static final FallbackReasons FALLBACKS = new FallbackReasons();

    @TempDir
    static Path work;

    private static DeployedWebapp webapp;

    @BeforeAll
    static void deployTheWarThenHotDeployAUsersService() throws Exception {
        webapp = DeployedWebapp.start(DeployedWebapp.builtByMaven(), work, DeployedWebapp.streamsAt("127.0.0.1", 0, 0));
        assertTrue(webapp.publishedWsdl("Fleet").isEmpty(), "Fleet is deployed before its archive is");

        new ServiceArchive(Path.of(System.getProperty("hhfr.webapp.fleet.sources")))
                .deployInto(webapp.servicesDirectory(), "fleet.aar", Files.createDirectories(work.resolve("fleet")));
        webapp.awaitWsdl("Fleet", DEPLOYMENT_TIMEOUT_MILLIS);
    }

    @AfterAll
    static void undeploy() throws Exception {
        if (webapp != null) {
            webapp.close();
        }
    }

    @BeforeEach
    void forgetEarlierFallbacks() {
        FALLBACKS.reasons.clear();
    }

    @Test
    void axis2KeepsItsFilesInTheApplicationsWorkDirectory() {
        assertTrue(Files.isDirectory(webapp.workDirectory().resolve("_axis2")), "_axis2 in " + webapp.workDirectory());
        assertFalse(Files.exists(Path.of("_axis2").toAbsolutePath()), "_axis2 in the current directory");
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void beansNestedInBeansAndArraysOfBeansArriveWhole(Mode mode) throws Exception {
        try (HhfrClient client = clientPreferring(mode)) {
            Session nearby = open(client, "nearby", mode);
            assertThreeBusesNorthOfTheCenter(nearby.call(threeBusesNearby(nearby)));
            assertEquals(mode, nearby.mode());

            Session plan = open(client, "plan", mode);
            Message.Builder planRequest = plan.newRequest();
            Record.Builder vehicle = planRequest.child("vehicle");
            vehicle.set("id", "tram-7").set("seats", 2).set("tags", new String[] {"night"})
                    .set("position", position(vehicle.child("position"), 1.5, 2.5))
                    .set("track", new Record[] {position(vehicle.child("track"), 1, 2)});
            planRequest.set("vehicle", vehicle.build()).set("stops", new Record[] {
                    position(planRequest.child("stops"), 3, 4), position(planRequest.child("stops"), 5, 6)});

            Record route = plan.call(planRequest.build()).record().record("return");

            assertEquals("tram-7 via 2 stops", route.string("summary"));
            assertEquals(2, route.records("stops").length);
            Record moved = route.record("vehicle");
            assertEquals("tram-7", moved.string("id"));
            assertEquals(2, moved.intValue("seats"));
            assertArrayEquals(new String[] {"night"}, moved.strings("tags"));
            assertPosition(5, 6, moved.record("position"));
            Record[] track = moved.records("track");
            assertEquals(3, track.length);
            assertPosition(1, 2, track[0]);
            assertPosition(3, 4, track[1]);
            assertPosition(5, 6, track[2]);
            assertEquals(mode, plan.mode());
        }
    }

    /**
     * The client's default road: the first call goes over SOAP with the offer, the module's handlers answer it
     * in AxisServlet's response, and the next calls stream.
     */
    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"HHFR_TCP", "HHFR_UDP"})
    void theFirstCallCarriesTheOfferAndTheNextCallsStream(Mode mode) throws Exception {
        try (HhfrClient client = builderPreferring(mode).build()) {
            Session nearby = client.open(WsdlOperations.fetch(client).operation("nearby"));
            for (int call = 0; call < 3; call++) {
                assertThreeBusesNorthOfTheCenter(nearby.call(threeBusesNearby(nearby)));
            }
            assertEquals(mode, nearby.mode(), () -> "fallbacks: " + FALLBACKS.reasons);
        }
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void anExceptionTheServiceThrowsArrivesAsAServiceFault(Mode mode) throws Exception {
        try (HhfrClient client = clientPreferring(mode)) {
            Session find = open(client, "find", mode);
            for (int call = 0; call < 2; call++) { // the session carries calls after a fault
                ServiceFaultException fault = assertThrows(ServiceFaultException.class,
                        () -> find.call(find.newRequest().set("id", "ghost").build()));
                assertEquals("no vehicle ghost", fault.reason());
                assertEquals("Server", fault.code().localName());
            }
            assertEquals(mode, find.mode());
        }
    }

    /**
     * A void method is a one-way (in-only) operation: Axis2 runs it and answers 202 Accepted without an
     * envelope. It is posted as any SOAP 1.1 client posts it; its effect is then read in each mode.
     */
    @ParameterizedTest
    @EnumSource(Mode.class)
    void aVoidOperationRunsAndItsEffectIsSeenInEveryMode(Mode mode) throws Exception {
        String id = "van-" + mode;
        assertEquals(202, postSoap11("urn:report", "<f:report xmlns:f='" + FLEET_NAMESPACE + "'"
                + " xmlns:x='" + FLEET_NAMESPACE + "/xsd'><f:vehicle>"
                + "<x:id>" + id + "</x:id>"
                + "<x:position><x:latitude>-33.75</x:latitude><x:longitude>151.5</x:longitude></x:position>"
                + "<x:seats>3</x:seats>"
                + "<x:track><x:latitude>-33.5</x:latitude><x:longitude>151.25</x:longitude></x:track>"
                + "</f:vehicle></f:report>"));

        try (HhfrClient client = clientPreferring(mode)) {
            Session find = open(client, "find", mode);
            Record found = find.call(find.newRequest().set("id", id).build()).record().record("return");

            assertEquals(id, found.string("id"));
            assertEquals(3, found.intValue("seats"));
            assertPosition(-33.75, 151.5, found.record("position"));
            Record[] track = found.records("track");
            assertEquals(1, track.length);
            assertPosition(-33.5, 151.25, track[0]);
            assertEquals(mode, find.mode());
        }
    }

    /**
     * The client library sends one-way operations over plain SOAP, whatever mode it prefers (the negotiation
     * describes request-response streams).
     */
    @Test
    void theClientSendsAVoidOperationOverSoapWhateverItPrefers() throws Exception {
        try (HhfrClient client = clientPreferring(Mode.HHFR_TCP)) {
            Session report = client.open(WsdlOperations.fetch(client).operation("report"));
            Message.Builder request = report.newRequest();
            Record.Builder vehicle = request.child("vehicle");
            vehicle.set("id", "sent-van").set("seats", 5);
            report.send(request.set("vehicle", vehicle.build()).build());
            assertEquals(Mode.SOAP, report.mode());

            Session find = open(client, "find", Mode.HHFR_TCP);
            assertEquals(5, find.call(find.newRequest().set("id", "sent-van").build()).record().record("return")
                    .intValue("seats"));
        }
    }

    /**
     * A third-party SOAP client, Apache CXF's dynamic JAX-WS client with its WS-Policy engine, builds its classes
     * from the WSDL the module publishes (with the optional stream endpoint assertions it has no builder for) and
     * calls the service beside HHFR clients: it reads what one of them sent, and gets the service's fault.
     */
    @Test
    void aThirdPartySoapClientWithWsPolicyCallsTheServiceBesideStreamingClients() throws Exception {
        try (HhfrClient client = clientPreferring(Mode.HHFR_TCP)) {
            Session report = client.open(WsdlOperations.fetch(client).operation("report"));
            Message.Builder request = report.newRequest();
            report.send(request.set("vehicle", request.child("vehicle").set("id", "cxf-van").set("seats", 7)
                    .build()).build());
            Session nearby = open(client, "nearby", Mode.HHFR_TCP);
            assertThreeBusesNorthOfTheCenter(nearby.call(threeBusesNearby(nearby)));
        }
        String wsdl = webapp.publishedWsdl("Fleet").orElseThrow();
        assertFalse(wsdl.contains("location=\"\""), "every port of the WSDL has an address: " + wsdl);
        ClassLoader caller = Thread.currentThread().getContextClassLoader();
        Client cxf = JaxWsDynamicClientFactory.newInstance().createClient(webapp.serviceUrl("Fleet") + "?wsdl");
        try {
            Object vehicle = cxf.invoke("find", "cxf-van")[0];
            assertEquals("cxf-van", property(vehicle, "getId"));
            assertEquals(7, property(vehicle, "getSeats"));
            Exception fault = assertThrows(Exception.class, () -> cxf.invoke("find", "nobody"));
            assertTrue(fault.getMessage().contains("no vehicle nobody"), fault::toString);
        } finally {
            cxf.destroy();
            Thread.currentThread().setContextClassLoader(caller);
        }
    }

    /** A bean property of a class CXF generated, unwrapped when JAXB made it a {@code JAXBElement}. */
    private static Object property(Object bean, String getter) throws ReflectiveOperationException {
        Object value = bean.getClass().getMethod(getter).invoke(bean);
        return value instanceof JAXBElement ? ((JAXBElement<?>) value).getValue() : value;
    }

    /** Posts a SOAP 1.1 request to Fleet and returns the HTTP status. */
    private static int postSoap11(String action, String bodyContent) throws IOException {
        byte[] envelope = ("<s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/envelope/'><s:Body>" + bodyContent
                + "</s:Body></s:Envelope>").getBytes(StandardCharsets.UTF_8);
        HttpURLConnection connection = (HttpURLConnection) new URL(webapp.serviceUrl("Fleet")).openConnection();
        try {
            connection.setDoOutput(true);
            connection.setRequestMethod("POST");
            connection.setRequestProperty("Content-Type", "text/xml; charset=utf-8");
            connection.setRequestProperty("SOAPAction", "\"" + action + "\"");
            try (OutputStream out = connection.getOutputStream()) {
                out.write(envelope);
            }
            return connection.getResponseCode();
        } finally {
            connection.disconnect();
        }
    }

    private static HhfrClient clientPreferring(Mode mode) {
        return builderPreferring(mode)
                .negotiateOnOpen(mode != Mode.SOAP) // the stream is connected by open(), so every call streams
                .build();
    }

    private static HhfrClient.Builder builderPreferring(Mode mode) {
        return HhfrClient.builder(webapp.serviceUrl("Fleet"))
                .eventListener(FALLBACKS)
                .preferredModes(mode)
                .callTimeoutMillis(15_000);
    }

    private static Message threeBusesNearby(Session nearby) {
        Message.Builder request = nearby.newRequest();
        return request.set("center", position(request.child("center"), 52.5, 13.25)).set("count", 3).build();
    }

    private static void assertThreeBusesNorthOfTheCenter(Message response) {
        Record[] vehicles = response.record().records("return");
        assertEquals(3, vehicles.length);
        for (int i = 0; i < vehicles.length; i++) {
            assertEquals("bus-" + i, vehicles[i].string("id"));
            assertEquals(40 + i, vehicles[i].intValue("seats"));
            assertArrayEquals(new String[] {"line " + i, "low floor"}, vehicles[i].strings("tags"));
            assertPosition(52.5 + i, 13.25, vehicles[i].record("position"));
            Record[] track = vehicles[i].records("track");
            assertEquals(2, track.length);
            assertPosition(52.5 + i - 0.5, 13.25, track[0]);
            assertPosition(52.5 + i - 0.25, 13.25, track[1]);
        }
    }

    private static Session open(HhfrClient client, String operation, Mode mode) throws Exception {
        Session session = client.open(WsdlOperations.fetch(client).operation(operation));
        assertEquals(mode, session.mode(), () -> operation + " opened in another mode: " + FALLBACKS.reasons);
        return session;
    }

    /** Collects why sessions fell back to SOAP. */
    private static final class FallbackReasons extends EventListener {
        final Queue<String> reasons = new ConcurrentLinkedQueue<>();

        @Override
        public void fellBackToSoap(Session session, String reason) {
            reasons.add(reason);
        }
    }

    private static Record position(Record.Builder builder, double latitude, double longitude) {
        return builder.set("latitude", latitude).set("longitude", longitude).build();
    }

    private static void assertPosition(double latitude, double longitude, Record position) {
        assertEquals(latitude, position.doubleValue("latitude"), "latitude");
        assertEquals(longitude, position.doubleValue("longitude"), "longitude");
    }
}
