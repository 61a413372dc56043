package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;
import org.hhfr.streamer.testing.Messages;
import org.hhfr.streamer.testing.Samples;

/** The packet reader fails on bad bytes with one checked exception and a useful message, and never worse. */
class BinaryHostileInputTest {
    private final BinaryRepresentation binary = new BinaryRepresentation();

    private MalformedMessageException refused(DataStructure structure, byte[] bytes) {
        return assertThrows(MalformedMessageException.class, () -> binary.decode(structure, bytes));
    }

    @Test
    void everyTruncationIsRefused() {
        for (Message message : Arrays.asList(Samples.purchaseOrder(9), Samples.pointsOfInterest(2),
                Samples.floatSum(1, 2, 3), Samples.concat("x", "\u00e9\u00e9"))) {
            byte[] bytes = binary.encode(message);
            for (int length = 0; length < bytes.length; length++) {
                MalformedMessageException e = refused(message.structure(), Arrays.copyOf(bytes, length));
                assertTrue(e.getMessage().contains("truncated"), e.getMessage());
            }
        }
    }

    @Test
    void trailingBytesAreRefused() {
        byte[] bytes = Arrays.copyOf(binary.encode(Samples.floatSum(1f)), 6);
        MalformedMessageException e = refused(Samples.floatSumRequest(), bytes);
        assertEquals("1 bytes after the end of the message at byte 5", e.getMessage());
    }

    @Test
    void aNilAttributesSectionIsCheckedLikeTheItems() {
        DataStructure prices = Samples.prices();
        assertEquals("a nil attributes section, but no nil element with an attribute at byte 6",
                refused(prices, new byte[] {0b1, 2, 0b11, 0, 0, 0}).getMessage());
        assertEquals("1 bytes after the end of the message at byte 8",
                refused(prices, new byte[] {0b1, 2, 0b11, 1, 1, 'E', 0, 0, 0}).getMessage());
        assertEquals("unused bits set in the nil attributes bitmap at byte 3 in /prices/price",
                refused(prices, new byte[] {0b1, 2, 0b11, 2, 0, 0}).getMessage());
        assertEquals("truncated message: string of 3 bytes, 1 left at byte 5 in /prices/price/@currency",
                refused(prices, new byte[] {0b1, 2, 0b11, 1, 3, 'E'}).getMessage());
        assertTrue(refused(prices, new byte[] {0b1, 2, 0b11, 1, 1, 'E', 0}).getMessage()
                .startsWith("truncated message"));
    }

    @Test
    void aDecimalScaleBeyondTheLimitIsRefusedEvenAtTheSmallestLong() {
        DataStructure decimal = new DataStructure(ElementDecl.simple(new QualifiedName("", "d"),
                SimpleType.of(XsdType.DECIMAL), 1, 1, false));
        byte[] smallestLong = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
            (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 1, 1, 5}; // zigzag of Long.MIN_VALUE: Math.abs keeps it negative
        assertEquals("decimal scale -9223372036854775808 beyond maxDecimalDigits 1000 at byte 10 in /d",
                refused(decimal, smallestLong).getMessage());
    }

    @Test
    void countBeyondTheBytesLeftIsRefusedBeforeAllocating() {
        byte[] hugeCount = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0x7F, 0, 0, 0, 0};
        MalformedMessageException e = refused(Samples.floatSumRequest(), hugeCount);
        assertEquals("count 268435455 exceeds maxArrayLength 1048576 at byte 4 in /sum/values", e.getMessage());
        byte[] shortOfBytes = {(byte) 0xE8, 0x07, 0, 0, 0, 0};
        assertTrue(refused(Samples.floatSumRequest(), shortOfBytes).getMessage()
                .startsWith("truncated message: count 1000 needs more than the 4 bytes left"));
        byte[] tenByteVarint = {-1, -1, -1, -1, -1, -1, -1, -1, -1, 1};
        assertTrue(refused(Samples.floatSumRequest(), tenByteVarint).getMessage().contains("2^63 or more"));
    }

    @Test
    void configuredLimitsApply() {
        StreamerLimits tight = StreamerLimits.defaults().toBuilder().maxArrayLength(2).maxStringBytes(3)
                .maxMessageBytes(64).build();
        BinaryRepresentation strict = new BinaryRepresentation(tight);
        assertThrows(MalformedMessageException.class, () -> strict.decode(Samples.floatSumRequest(),
                binary.encode(Samples.floatSum(1, 2, 3))));
        MalformedMessageException e = assertThrows(MalformedMessageException.class, () -> strict.decode(
                Samples.concatRequest(), binary.encode(Samples.concat("abcd"))));
        assertTrue(e.getMessage().contains("maxStringBytes 3") && e.getMessage().contains("/concat/values[0]"),
                e.getMessage());
        assertThrows(MalformedMessageException.class, () -> strict.decode(Samples.floatSumRequest(), new byte[65]));
    }

    @Test
    void aTruncatedAttributeIsNamedByItsPath() {
        // The order's presence bitmap takes its first byte; its id attribute would follow.
        byte[] bitmapOnly = Arrays.copyOf(binary.encode(Samples.purchaseOrder(7)), 1);
        assertEquals("truncated message at byte 1 in /order/@id",
                refused(Samples.purchaseOrder(), bitmapOnly).getMessage());
    }

    @Test
    void invalidUtf8IsRefused() {
        byte[] bytes = {1, 2, (byte) 0xC3, 0x28};
        assertTrue(refused(Samples.concatRequest(), bytes).getMessage().startsWith("string is not valid UTF-8"));
        byte[] encodedSurrogate = {1, 3, (byte) 0xED, (byte) 0xA0, (byte) 0x80};
        refused(Samples.concatRequest(), encodedSurrogate);
        byte[] nul = {1, 1, 0};
        assertTrue(refused(Samples.concatRequest(), nul).getMessage().contains("XML 1.0 cannot carry"));
    }

    @Test
    void nonCanonicalFlagsAndBitsAreRefused() {
        DataStructure nillableRoot = new DataStructure(ElementDecl.simple(new QualifiedName("", "b"),
                SimpleType.of(XsdType.BOOLEAN), 1, 1, true));
        assertTrue(refused(nillableRoot, new byte[] {2}).getMessage().contains("not 0 or 1"));
        assertTrue(refused(nillableRoot, new byte[] {0, 7}).getMessage().contains("not 0 or 1"));
        ElementDecl flags = ElementDecl.simple(new QualifiedName("", "f"), SimpleType.of(XsdType.BOOLEAN), 0,
                ElementDecl.UNBOUNDED, false);
        DataStructure booleans = wrapped(flags);
        assertTrue(refused(booleans, new byte[] {3, (byte) 0xFF}).getMessage().contains("unused bits"));
    }

    @Test
    void enumerationIndexOutOfRangeIsRefused() {
        DataStructure colour = new DataStructure(ElementDecl.simple(new QualifiedName("", "c"),
                SimpleType.enumeration(null, Arrays.asList("red", "green")), 1, 1, false));
        assertEquals("enumeration index 2 outside 0..1 at byte 1 in /c", refused(colour, new byte[] {2}).getMessage());
    }

    @Test
    void nestingBeyondMaxDepthIsRefused() {
        ElementDecl leaf = ElementDecl.simple(new QualifiedName("", "v"), SimpleType.of(XsdType.INT), 1, 1, false);
        ElementDecl element = leaf;
        for (int i = 0; i < 10; i++) {
            element = ElementDecl.complex(new QualifiedName("", "n" + i), new ComplexType(null,
                    Collections.<AttributeDecl>emptyList(), Collections.singletonList(element)), 1, 1, false);
        }
        BinaryRepresentation shallow = new BinaryRepresentation(StreamerLimits.defaults()
                .toBuilder().maxDepth(5).build());
        DataStructure deep = new DataStructure(element);
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
                () -> shallow.decode(deep, new byte[] {0}));
        assertTrue(e.getMessage().contains("maxDepth 5"), e.getMessage());
    }

    @Property(tries = 300)
    void flippedBitsGiveAValidMessageOrTheCheckedException(@ForAll("anyMessage") Message message,
                                                          @ForAll @IntRange(min = 0, max = 1 << 20) int where) {
        byte[] bytes = binary.encode(message);
        if (bytes.length == 0) {
            return;
        }
        bytes[where / 8 % bytes.length] ^= (byte) (1 << (where % 8));
        try {
            Message decoded = binary.decode(message.structure(), bytes);
            assertEquals(decoded, binary.decode(message.structure(), binary.encode(decoded)));
        } catch (MalformedMessageException expected) {
            assertTrue(expected.getMessage().contains(" at byte "), expected.getMessage());
        }
    }

    @Provide
    Arbitrary<Message> anyMessage() {
        return Messages.messages();
    }

    private static DataStructure wrapped(ElementDecl child) {
        return new DataStructure(ElementDecl.complex(new QualifiedName("", "r"), new ComplexType(null,
                Collections.<AttributeDecl>emptyList(), Collections.singletonList(child)), 1, 1, false));
    }
}
