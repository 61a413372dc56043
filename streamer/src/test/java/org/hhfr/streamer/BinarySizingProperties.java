package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayOutputStream;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import org.hhfr.streamer.testing.Messages;
import org.hhfr.streamer.testing.Samples;

/**
 * The array form is sized in a first pass and written in a second: a miscount would fail the encode or leave
 * bytes over, so it must give exactly the bytes the streamed form writes, for any message.
 */
class BinarySizingProperties {
    private final BinaryRepresentation binary = new BinaryRepresentation();

    @Property(tries = 400)
    void arrayEncodingIsExactlyTheStreamedBytes(@ForAll("anyMessage") Message message) throws Exception {
        assertArrayEquals(streamed(message), binary.encode(message));
    }

    @Property(tries = 100)
    void purchaseOrdersAreSizedExactly(@ForAll("purchaseOrder") Message message) throws Exception {
        assertArrayEquals(streamed(message), binary.encode(message));
    }

    private byte[] streamed(Message message) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        binary.encode(message, out);
        return out.toByteArray();
    }

    @Provide
    Arbitrary<Message> anyMessage() {
        return Messages.messages();
    }

    @Provide
    Arbitrary<Message> purchaseOrder() {
        return Messages.messages(Samples.purchaseOrder());
    }
}
