package org.hhfr.benchmarks.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class WireSizesTest {
    @Test
    void eachFormIsMeasuredAndTheKnownSizesAddUp() throws Exception {
        List<WireSize> sizes = WireSizes.measure();

        assertEquals(List.of("float-sum request, 100 floats", "string-concat request, 100 parts",
                "poi response, 1 record", "poi response, 250 records"), sizes.stream().map(WireSize::message).toList());
        // 100 packed floats: tag, length 400 as a 2-byte varint, 400 bytes.
        assertEquals(403, sizes.get(0).protobuf());
        assertEquals(408, sizes.get(0).grpcMessage());
        // 100 parts of 8 characters: tag, length, 8 bytes each.
        assertEquals(1000, sizes.get(1).protobuf());
        for (WireSize size : sizes) {
            assertTrue(size.soapEnvelope() > size.xmlBody() && size.xmlBody() > size.hhfrBinary(), size.toString());
        }
    }
}
