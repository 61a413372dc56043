package org.hhfr.sample;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

import org.junit.jupiter.api.Test;

import org.hhfr.client.CompiledOperations;
import org.hhfr.client.Operation;
import org.hhfr.client.WsdlOperations;
import org.hhfr.negotiation.description.ServiceDescriptionWriter;
import org.hhfr.transports.netty.testing.SampleServices;

/**
 * The description the sample app ships is the compilation of the float-sum WSDL as it stands (so a change to
 * the WSDL without compiling it again fails here), and its structures are the ones the server publishes (so
 * the digests the app offers are accepted).
 */
class FloatSumDescriptionTest {
    @Test
    void theShippedDescriptionIsTheWsdlCompiled() throws Exception {
        String wsdl = new String(Files.readAllBytes(Paths.get("src", "main", "wsdl", "FloatSum.wsdl")),
                StandardCharsets.UTF_8);
        byte[] compiled = ServiceDescriptionWriter.write(WsdlOperations.read(wsdl, "FloatSum.wsdl").description());
        try (InputStream shipped = FloatSumApp.class.getResourceAsStream(FloatSumApp.DESCRIPTION)) {
            assertArrayEquals(compiled, shipped.readAllBytes(), "compile it again: ./hhfr schema --compile"
                    + " android-sample/src/main/wsdl/FloatSum.wsdl -o android-sample/src/main/resources/org/hhfr/"
                    + "sample/floatsum.hhfr");
        }
    }

    @Test
    void itsStructuresAreTheServersPublishedOnes() throws Exception {
        Operation sum;
        try (InputStream shipped = FloatSumApp.class.getResourceAsStream(FloatSumApp.DESCRIPTION)) {
            sum = CompiledOperations.read(shipped).operation("sum");
        }
        assertEquals("urn:sum", sum.soapAction());
        assertEquals(SampleServices.SUM_REQUEST.fingerprint(), sum.request().fingerprint());
        assertEquals(SampleServices.SUM_RESPONSE.fingerprint(), sum.response().fingerprint());
    }
}
