package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.util.Arrays;
import java.util.List;

import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.description.DescribedOperation;
import org.hhfr.negotiation.description.MalformedDescriptionException;
import org.hhfr.negotiation.description.ServiceDescription;
import org.hhfr.negotiation.description.ServiceDescriptionWriter;
import org.junit.jupiter.api.Test;

/**
 * An operation from a compiled service description is the operation that was compiled (same SOAPAction, same
 * structures, so the same schema digests): the real server side grants it a stream, with no WSDL fetched.
 * A damaged description fails with an {@link HhfrException} that says where and why. (That a description
 * compiled from a WSDL gives the WSDL's operations is checked in hhfr-android-client-wsdl.)
 */
class CompiledOperationsTest {
    private static byte[] compiledFloatSum() {
        return ServiceDescriptionWriter.write(ServiceDescription.of(List.of(DescribedOperation.of("sum",
                FloatSum.ACTION, FloatSum.REQUEST_STRUCTURE, FloatSum.RESPONSE_STRUCTURE))));
    }

    @Test
    void theCompiledOperationIsTheOperationThatWasCompiled() throws Exception {
        Operation compiled = CompiledOperations.read(new ByteArrayInputStream(compiledFloatSum())).operation("sum");

        assertEquals(FloatSum.ACTION, compiled.soapAction());
        assertEquals(FloatSum.REQUEST_STRUCTURE, compiled.request());
        assertEquals(FloatSum.RESPONSE_STRUCTURE, compiled.response());
        assertEquals(FloatSum.REQUEST_STRUCTURE.fingerprint(), compiled.request().fingerprint());
    }

    @Test
    void aSessionOnACompiledOperationNegotiatesAndStreamsWithoutTheWsdl() throws Exception {
        try (HhfrServerSide server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
             HhfrClient client = HhfrClient.builder(server.service().url()).negotiateOnOpen(true).build()) {
            Session session = client.open(CompiledOperations.read(compiledFloatSum()).operation("sum"));
            assertEquals(4.5f, session.call(Float.class, new float[] {1.5f, 3f}));
            assertEquals(Mode.HHFR_TCP, session.mode());
            assertEquals(0, server.service().soapCalls.get());
        }
    }

    @Test
    void aDamagedDescriptionOrAMissingOperationSaysWhy() throws Exception {
        byte[] bytes = compiledFloatSum();
        HhfrException cut = assertThrows(HhfrException.class,
                () -> CompiledOperations.read(Arrays.copyOf(bytes, bytes.length - 1)));
        assertTrue(cut.getMessage().startsWith("cannot read the compiled service description: malformed service"
                + " description at byte"), cut.getMessage());
        assertTrue(cut.getCause() instanceof MalformedDescriptionException);

        HhfrException missing = assertThrows(HhfrException.class,
                () -> CompiledOperations.read(bytes).operation("product"));
        assertTrue(missing.getMessage().contains("has no operation 'product'"), missing.getMessage());
    }
}
