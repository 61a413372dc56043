package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.description.AdvertisedEndpoint;
import org.hhfr.negotiation.description.ServiceDescriptionWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The operations of a running service's WSDL ({@code ?wsdl} of the plain SOAP float-sum service on the JDK's
 * HTTP server): they can be called, a missing operation, a missing WSDL and a closed client each fail with a
 * reason, and a description compiled from the WSDL gives the same operation. The stream endpoints a WSDL
 * advertises reach the description and each operation; malformed advertisements are left out.
 */
class ServiceWsdlTest {
    private TestService service;

    @BeforeEach
    void start() throws Exception {
        service = TestService.plain();
    }

    @AfterEach
    void stop() {
        service.close();
    }

    @Test
    void takesTheOperationFromTheServiceWsdlAndCallsIt() throws Exception {
        try (HhfrClient client = HhfrClient.builder(service.url()).build()) {
            WsdlOperations wsdl = WsdlOperations.fetch(client);
            Operation sum = wsdl.operation("sum");
            assertEquals(FloatSum.ACTION, sum.soapAction());
            assertEquals(FloatSum.REQUEST_STRUCTURE, sum.request());
            assertEquals(FloatSum.RESPONSE_STRUCTURE, sum.response());
            assertEquals(4f, client.open(sum).call(Float.class, new float[] {1.5f, 2.5f}));

            HhfrException missing = assertThrows(HhfrException.class, () -> wsdl.operation("divide"));
            assertEquals("the WSDL at " + service.url() + "?wsdl has no operation 'divide'; it has [sum]",
                    missing.getMessage());
        }
    }

    @Test
    void aServiceWithoutAWsdlOrAClosedClientSaysSo() throws Exception {
        try (HhfrClient client = HhfrClient.builder(service.url("/NoSuchService")).build()) {
            HhfrException absent = assertThrows(HhfrException.class, () -> WsdlOperations.fetch(client));
            assertEquals("fetching the WSDL at " + service.url("/NoSuchService") + "?wsdl answered HTTP 404",
                    absent.getMessage());
        }
        HhfrClient closed = HhfrClient.builder(service.url()).build();
        closed.close();
        assertThrows(SessionClosedException.class, () -> WsdlOperations.fetch(closed));
    }

    @Test
    void aDescriptionCompiledFromTheWsdlGivesTheWsdlsOperation() throws Exception {
        WsdlOperations wsdl = WsdlOperations.read(FloatSum.WSDL, "FloatSum.wsdl");
        Operation fromWsdl = wsdl.operation("sum");
        Operation compiled = CompiledOperations.read(ServiceDescriptionWriter.write(wsdl.description()))
                .operation("sum");

        assertEquals(fromWsdl.soapAction(), compiled.soapAction());
        assertEquals(fromWsdl.request(), compiled.request());
        assertEquals(fromWsdl.response(), compiled.response());
        assertEquals(FloatSum.REQUEST_STRUCTURE.fingerprint(), compiled.request().fingerprint());
    }

    @Test
    void theStreamEndpointsAWsdlAdvertisesReachItsOperationsAndDescriptionMalformedOnesLeftOut() throws Exception {
        String policy = "<wsp:Policy xmlns:wsp='http://www.w3.org/ns/ws-policy' xmlns:hhfr='" + HhfrUris.NAMESPACE
                + "'><wsp:ExactlyOne><wsp:All>"
                + "<hhfr:StreamEndpoint wsp:Optional='true' transport='urn:hhfr:transport:tcp' port='9000'/>"
                + "<hhfr:StreamEndpoint transport='urn:hhfr:transport:udp' port='9001' host='streams.example.org'/>"
                + "<hhfr:StreamEndpoint transport='urn:hhfr:transport:tcp' port='99999'/>"
                + "<hhfr:StreamEndpoint transport='urn:hhfr:transport:tcp' port='-1'/>"
                + "<hhfr:StreamEndpoint port='9002'/>"
                + "<hhfr:StreamEndpoint transport='urn:hhfr:transport:tcp' port='9003' host='a b'/>"
                + "</wsp:All></wsp:ExactlyOne></wsp:Policy>";
        int types = FloatSum.WSDL.indexOf("<wsdl:types");
        String advertising = FloatSum.WSDL.substring(0, types) + policy + FloatSum.WSDL.substring(types);
        List<AdvertisedEndpoint> expected = List.of(AdvertisedEndpoint.of(HhfrUris.TRANSPORT_TCP, 9000, null),
                AdvertisedEndpoint.of(HhfrUris.TRANSPORT_UDP, 9001, "streams.example.org"));

        WsdlOperations wsdl = WsdlOperations.read(advertising, "advertising.wsdl");
        assertEquals(expected, wsdl.operation("sum").advertisedEndpoints());
        assertEquals(expected, wsdl.description().advertisedEndpoints());
        assertEquals(expected, CompiledOperations.read(ServiceDescriptionWriter.write(wsdl.description()))
                .operation("sum").advertisedEndpoints());
        assertEquals(List.of(), WsdlOperations.read(FloatSum.WSDL, "FloatSum.wsdl").operation("sum")
                .advertisedEndpoints());
    }
}
