package org.hhfr.benchmarks.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.hhfr.streamer.Message;
import org.hhfr.streamer.XmlRepresentation;
import org.junit.jupiter.api.Test;

class WireSizesTest {
    @Test
    void everyFormIsMeasuredAndTheKnownSizesAddUp() throws Exception {
        List<WireSize> sizes = WireSizes.measure();

        assertEquals(List.of("float-sum request, 100 floats", "string-concat request, 100 parts",
                "poi response, 1 record", "poi response, 250 records"), sizes.stream().map(WireSize::message).toList());
        WireSize floats = sizes.get(0);
        // 100 packed floats: tag, length 400 as a 2-byte varint, 400 bytes; gRPC adds 5, HTTP/2's frame 9.
        assertEquals(403, floats.protobuf());
        assertEquals(408, floats.grpcMessage());
        assertEquals(417, floats.grpcOnHttp2());
        // 100 parts of 8 characters: tag, length, 8 bytes each.
        assertEquals(1000, sizes.get(1).protobuf());
        // WIRE-FORMAT.md 2.1: a 401-byte body as message 50 is length 403 (2 bytes), type, number (1 byte).
        assertEquals(401, floats.hhfrBinary());
        assertEquals(405, floats.hhfrOnTcp());
        // A response adds the correlation difference (one byte); 250 records need a 3-byte length.
        assertEquals(5, sizes.get(2).hhfrFrameHeader());
        assertEquals(6, sizes.get(3).hhfrFrameHeader());
        for (WireSize size : sizes) {
            assertTrue(size.soapEnvelope() > size.xmlBody() && size.xmlBody() > size.hhfrBinary(), size.toString());
            assertTrue(size.fastInfosetEnvelope() > size.fastInfosetBody() && size.fastInfosetBody() > 0,
                    size.toString());
            assertTrue(size.exiEnvelope() > size.exiBody() && size.exiBody() > 0, size.toString());
            assertTrue(size.fastInfosetEnvelope() < size.soapEnvelope(), size.toString());
            assertTrue(size.exiEnvelope() < size.fastInfosetEnvelope(), size.toString());
        }
    }

    @Test
    void schemaInformedExiAndFastInfosetDecodeBackToTheSameMessage() throws Exception {
        try (Testbed testbed = Testbed.start(NetworkProfile.LOOPBACK, 0, null)) {
            Message sum = Message.of(testbed.operation(SessionWorkload.FLOAT_SUM).request())
                    .set(0, new float[] {0.25f, -1.5e-7f, 3.4028235e38f}).build();
            Message other = Message.of(testbed.operation(SessionWorkload.FLOAT_SUM).request())
                    .set(0, new float[] {0.25f, -1.5e-7f}).build();
            byte[] envelope = WireSizes.envelope(sum);
            byte[] body = new XmlRepresentation().encode(sum);
            WireSizes.SchemaInformedExi exi = WireSizes.SchemaInformedExi.of(testbed, SessionWorkload.FLOAT_SUM);

            byte[] exiEnvelope = exi.decode(exi.encode(envelope));
            byte[] exiBody = exi.decode(exi.encode(body));
            byte[] fiEnvelope = WireSizes.FastInfoset.decode(WireSizes.FastInfoset.encode(envelope));
            byte[] fiBody = WireSizes.FastInfoset.decode(WireSizes.FastInfoset.encode(body));

            WireSizes.requireEnvelopeOf(sum, exiEnvelope);
            WireSizes.requireBodyOf(sum, exiBody);
            WireSizes.requireEnvelopeOf(sum, fiEnvelope);
            WireSizes.requireBodyOf(sum, fiBody);
            assertThrows(IllegalStateException.class, () -> WireSizes.requireEnvelopeOf(other, exiEnvelope));
            assertThrows(IllegalStateException.class, () -> WireSizes.requireBodyOf(other, fiBody));
        }
    }
}
