package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;

import org.junit.jupiter.api.Test;

import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.streamer.testing.Samples;

/** The builders refuse values that do not fit the declaration, with a message naming the element. */
class RecordValidationTest {
    private final DataStructure order = Samples.purchaseOrder();
    private final ComplexType orderType = order.root().complexType();

    private static String failure(Runnable action) {
        return assertThrows(IllegalArgumentException.class, action::run).getMessage();
    }

    @Test
    void wrongJavaTypeIsRefusedNamingElementAndTypes() {
        String message = failure(() -> Message.of(Samples.floatSumRequest()).set("values", new double[] {1}));
        assertTrue(message.contains("values") && message.contains("float[]") && message.contains("double[]"), message);
        assertTrue(failure(() -> Record.builder(orderType).set("placed", "2024-01-01T00:00:00"))
                .contains("placed"));
    }

    @Test
    void aNilRecordHoldsAttributesOnlyAndOnlyANillableElementTakesIt() {
        Record nilLine = Record.builder(orderType).child("line").attribute("gift", true).buildNil();
        assertTrue(nilLine.isNil());
        assertEquals("nil{@gift=true, weights=[]}", nilLine.toString());
        assertEquals(nilLine, Record.builder(orderType).child("line").attribute("gift", true).set("weights", null)
                .buildNil(), "an absent repeated element (an empty array) is no element set");
        assertTrue(failure(() -> Record.builder(orderType).child("line").buildNil()).contains("Nil.NIL"));
        assertTrue(failure(() -> Record.builder(orderType).child("line").attribute("sku", "A")
                .set("quantity", (short) 1).buildNil()).contains("quantity"));
        assertNotEquals(nilLine, Record.builder(orderType).child("line").attribute("gift", true)
                .attribute("sku", "A").set("quantity", (short) 1).set("unitPrice", BigDecimal.ONE).build());
        assertTrue(failure(() -> Message.of(Samples.pointsOfInterest()).set("poi", new Record[] {
                Record.builder(Samples.pointsOfInterest().root().complexType()).child("poi").attribute("id", 1)
                        .buildNil()})).contains("not nillable"));
    }

    @Test
    void arrayLengthOutsideOccurrenceIsRefused() {
        String message = failure(() -> Record.builder(orderType).child("shipTo").set("position", new float[3]));
        assertTrue(message.contains("position") && message.contains("2..2") && message.contains("3"), message);
        assertTrue(failure(() -> Record.builder(orderType).set("scores", new Integer[6])).contains("0..5"));
    }

    @Test
    void valueOutsideTheEnumerationIsRefused() {
        String message = failure(() -> Record.builder(orderType).set("status", "lost"));
        assertTrue(message.contains("status") && message.contains("lost") && message.contains("shipped"), message);
    }

    @Test
    void nilOnANonNillableElementIsRefused() {
        assertTrue(failure(() -> Record.builder(orderType).nil("placed")).contains("not nillable"));
        assertTrue(failure(() -> Message.of(Samples.concatRequest()).set("values", new String[] {"a", null}))
                .contains("values[1]"));
    }

    @Test
    void missingRequiredValuesAreRefusedAtBuild() {
        assertTrue(failure(() -> Message.of(order).build()).contains("required"));
        assertTrue(failure(() -> Record.builder(orderType).child("line").set("quantity", (short) 1)
                .set("unitPrice", BigDecimal.ONE).build()).contains("sku"));
    }

    @Test
    void stringsXmlCannotCarryAreRefused() {
        assertTrue(failure(() -> Samples.concat("bell\u0007")).contains("U+7"));
        assertTrue(failure(() -> Samples.concat("lone \ud800 surrogate")).contains("U+d800"));
    }

    @Test
    void unknownAndAmbiguousNamesAreRefusedListingTheKnownOnes() {
        assertTrue(failure(() -> Record.builder(orderType).set("nope", 1)).contains("status"));
    }

    @Test
    void absentRepeatedElementIsAnEmptyArrayAndOptionalIsNull() {
        Record record = Samples.floatSum().record();
        assertArrayEquals(new float[0], record.floats("values"));
        Record line = Record.builder(orderType).child("line").attribute("sku", "x").set("quantity", (short) 1)
                .set("unitPrice", BigDecimal.ONE).build();
        assertNull(line.get("note"));
        assertNull(line.attribute("gift"));
    }

    @Test
    void typedGettersReturnValuesAndFailClearlyOnMisuse() {
        Record record = Samples.purchaseOrder(7).record();
        assertEquals(7L, record.attribute("id"));
        assertEquals("shipped", record.string("status"));
        assertEquals(4050, record.record("shipTo").intValue("zip"));
        assertTrue(record.records("line")[0].isNil("note"));
        assertNull(record.records("line")[1]);
        assertThrows(IllegalArgumentException.class, () -> record.floats("serial"));
        Message sum = Samples.floatSum(1.5f);
        assertEquals(1.5f, sum.record().floats("values")[0]);
        assertThrows(IllegalArgumentException.class, () -> Message.of(Samples.floatSumResponse(), Nil.NIL));
    }

    @Test
    void equalityIsByValueWithFloatBitsAndDecimalValue() {
        assertEquals(Samples.floatSum(Float.NaN, 1f), Samples.floatSum(Float.NaN, 1f));
        assertNotEquals(Samples.floatSum(0.0f), Samples.floatSum(-0.0f));
        assertEquals(Samples.purchaseOrder(1), Samples.purchaseOrder(1));
        assertEquals(Samples.purchaseOrder(1).hashCode(), Samples.purchaseOrder(1).hashCode());
        assertNotEquals(Samples.purchaseOrder(1), Samples.purchaseOrder(2));
        Record line = Samples.purchaseOrder(1).record().records("line")[0];
        Record samePrice = line.toBuilder().set("unitPrice", new BigDecimal("19.9")).build();
        assertEquals(line, samePrice);
        assertEquals(line.hashCode(), samePrice.hashCode());
    }

    @Test
    void toStringIsReadable() {
        assertEquals("{http://floatsum.hhfr.org}sum{values=[1.5, 2.0]}", Samples.floatSum(1.5f, 2f).toString());
    }
}
