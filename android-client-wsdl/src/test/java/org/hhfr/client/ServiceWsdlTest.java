package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.hhfr.negotiation.description.ServiceDescriptionWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The operations of a running service's WSDL ({@code ?wsdl} of the plain SOAP float-sum service on the JDK's
 * HTTP server): they can be called, a missing operation, a missing WSDL and a closed client each fail with a
 * reason, and a description compiled from the WSDL gives the same operation.
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
}
