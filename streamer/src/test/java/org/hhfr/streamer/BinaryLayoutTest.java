package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Collections;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;
import org.hhfr.streamer.testing.Samples;

/** The bytes on the wire are exactly those the README documents. */
class BinaryLayoutTest {
    private final BinaryRepresentation binary = new BinaryRepresentation();

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 100, 10_000})
    void floatSumOfNFloatsTakesAtMost4nPlus8Bytes(int n) throws Exception {
        Message message = Samples.floatSum(Samples.floats(n));
        byte[] bytes = binary.encode(message);
        assertTrue(bytes.length <= 4 * n + 8, bytes.length + " bytes for " + n + " floats");
        assertEquals(message, binary.decode(message.structure(), bytes));
    }

    @Test
    void floatSumIsAVarintCountThenLittleEndianFloats() {
        assertArrayEquals(bytes(2, 0x00, 0x00, 0xC0, 0x3F, 0x00, 0x00, 0x00, 0xC0),
                binary.encode(Samples.floatSum(1.5f, -2f)));
        assertArrayEquals(bytes(0), binary.encode(Samples.floatSum()));
    }

    @Test
    void stringsAreLengthPrefixedUtf8() {
        assertArrayEquals(bytes(2, 1, 'a', 2, 0xC3, 0xA9), binary.encode(Samples.concat("a", "\u00e9")));
    }

    @Test
    void presenceBitmapComesFirstAndEnumerationsAreIndexes() {
        ElementDecl colour = ElementDecl.simple(new QualifiedName("", "colour"), SimpleType.enumeration(null,
                Arrays.asList("red", "green", "blue")), 1, 1, false);
        ElementDecl note = ElementDecl.simple(new QualifiedName("", "note"), SimpleType.of(XsdType.STRING), 0, 1,
                true);
        ElementDecl count = ElementDecl.simple(new QualifiedName("", "count"), SimpleType.of(XsdType.INT), 1, 1,
                true);
        AttributeDecl flag = AttributeDecl.of(new QualifiedName("", "flag"), SimpleType.of(XsdType.BOOLEAN), false);
        DataStructure structure = new DataStructure(ElementDecl.complex(new QualifiedName("urn:t", "r"),
                new ComplexType(null, Collections.singletonList(flag), Arrays.asList(colour, note, count)), 1, 1,
                false));
        // bits: flag present, note present, note nil, count nil
        Message nilNote = Message.of(structure).attribute("flag", true).set("colour", "blue").nil("note")
                .set("count", -3).build();
        assertArrayEquals(bytes(0b0111, 1, 2, 5), binary.encode(nilNote));
        Message absentNote = Message.of(structure).set("colour", "red").nil("count").build();
        assertArrayEquals(bytes(0b1000, 0), binary.encode(absentNote));
    }

    @Test
    void aNilElementWithoutAttributesEncodesAsBeforeWhenItsTypeHasAttributes() throws Exception {
        // bitmap: price nil | history: count 2, nil bitmap 0b11 | no nil attributes section
        Message nils = Samples.nilPrices(null, null);
        assertArrayEquals(bytes(0b1, 2, 0b11), binary.encode(nils));
        assertEquals(nils, binary.decode(nils.structure(), bytes(0b1, 2, 0b11)));
        DataStructure nillableRoot = new DataStructure(Samples.prices().root().complexType().elements().get(0));
        assertArrayEquals(bytes(1), binary.encode(Message.of(nillableRoot, Nil.NIL)));
    }

    @Test
    void nilAttributesFollowTheRootItemAsOneAttributeBitmapPerNilOfATypeWithAttributes() throws Exception {
        Message nils = Samples.nilPrices("EUR", "USD");
        byte[] expected = bytes(0b1, 2, 0b11, 1, 3, 'E', 'U', 'R', 1, 3, 'U', 'S', 'D', 0);
        assertArrayEquals(expected, binary.encode(nils));
        ByteArrayOutputStream streamed = new ByteArrayOutputStream();
        binary.encode(nils, streamed);
        assertArrayEquals(expected, streamed.toByteArray());
        assertEquals(nils, binary.decode(nils.structure(), expected));

        DataStructure nillableRoot = new DataStructure(Samples.prices().root().complexType().elements().get(0));
        Message nilRoot = Message.of(nillableRoot, nils.record().get("price"));
        assertArrayEquals(bytes(1, 1, 3, 'E', 'U', 'R'), binary.encode(nilRoot));
        assertEquals(nilRoot, binary.decode(nillableRoot, binary.encode(nilRoot)));
    }

    @Test
    void fixedLengthArraysCarryNoCountAndNillableArraysANilBitmap() throws Exception {
        Message order = Samples.purchaseOrder(1);
        byte[] bytes = binary.encode(order);
        assertEquals(order, new BinaryRepresentation().decode(order.structure(), bytes));
        ElementDecl pair = ElementDecl.simple(new QualifiedName("", "p"), SimpleType.of(XsdType.SHORT), 2, 2, true);
        DataStructure structure = new DataStructure(ElementDecl.complex(new QualifiedName("", "r"),
                new ComplexType(null, Collections.<AttributeDecl>emptyList(), Collections.singletonList(pair)), 1,
                1, false));
        Message message = Message.of(structure).set("p", new Short[] {null, (short) -1}).build();
        assertArrayEquals(bytes(0b01, 1), binary.encode(message));
    }

    @Test
    void decimalIsScaleThenTwosComplementBytes() {
        DataStructure structure = new DataStructure(ElementDecl.simple(new QualifiedName("", "d"),
                SimpleType.of(XsdType.DECIMAL), 1, 1, false));
        assertArrayEquals(bytes(2, 1, 0x0F), binary.encode(Message.of(structure, new BigDecimal("1.5"))));
    }

    @Test
    void dateTimeIsZoneCodeSecondsAndNanos() {
        DataStructure structure = new DataStructure(ElementDecl.simple(new QualifiedName("", "t"),
                SimpleType.of(XsdType.DATE_TIME), 1, 1, true));
        assertArrayEquals(bytes(0, 0, 2, 0), binary.encode(Message.of(structure, DateTime.local(1, 0))));
        assertArrayEquals(bytes(0, 0xC9, 0x06, 0, 0), binary.encode(Message.of(structure, DateTime.of(0, 0, 0))));
        assertArrayEquals(bytes(1), binary.encode(Message.of(structure, Nil.NIL)));
    }

    @Test
    void streamEncodingEqualsArrayEncoding() throws Exception {
        Message message = Samples.pointsOfInterest(3);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        binary.encode(message, out);
        assertArrayEquals(binary.encode(message), out.toByteArray());
    }

    private static byte[] bytes(int... values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }
}
