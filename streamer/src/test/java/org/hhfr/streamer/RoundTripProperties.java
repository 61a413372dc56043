package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import org.hhfr.streamer.testing.Messages;
import org.hhfr.streamer.testing.Samples;

/** Both representations give back the message they were given, for any structure and any valid message. */
class RoundTripProperties {
    private final BinaryRepresentation binary = new BinaryRepresentation();
    private final XmlRepresentation xml = new XmlRepresentation();

    @Property(tries = 400)
    void binaryDecodeOfEncodeIsTheSameMessage(@ForAll("anyMessage") Message message) throws Exception {
        assertEquals(message, binary.decode(message.structure(), binary.encode(message)));
    }

    @Property(tries = 400)
    void xmlDecodeOfEncodeIsTheSameMessage(@ForAll("anyMessage") Message message) throws Exception {
        assertEquals(message, xml.decode(message.structure(), xml.encode(message)));
    }

    @Property(tries = 200)
    void xmlStringAndBytesFormsDecodeAlike(@ForAll("anyMessage") Message message) throws Exception {
        assertEquals(message, xml.decode(message.structure(), xml.encodeToString(message)));
    }

    @Property(tries = 200)
    void bothPathsYieldEqualModelsAndEqualHashes(@ForAll("anyMessage") Message message) throws Exception {
        Message viaBinary = binary.decode(message.structure(), binary.encode(message));
        Message viaXml = xml.decode(message.structure(), xml.encode(message));
        assertEquals(viaBinary, viaXml);
        assertEquals(viaBinary.hashCode(), viaXml.hashCode());
    }

    @Property(tries = 100)
    void purchaseOrdersRoundTripThroughBothRepresentations(@ForAll("purchaseOrder") Message message)
            throws Exception {
        assertEquals(message, binary.decode(message.structure(), binary.encode(message)));
        assertEquals(message, xml.decode(message.structure(), xml.encode(message)));
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
